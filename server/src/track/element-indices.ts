// Two subscripts of one array that can never be equal: `X` and `X^c`, `X+c`, `X-c` (c a non-zero integer literal),
// `c-X` (c odd: 2X = c has no integer solution), and `(X+c)%N` (c not a multiple of N: equal only if X < N and
// c ≡ 0 mod N). X is any subscript text, parenthesised when it is not a plain name (extract/index-keys.ts writes them
// that way: `m_history[frame&1]` and `m_history[(frame&1)^1]`). A barrier on one element leaves the other's state
// as it was (track/apply.ts forgetElementAliases).

import { escapeRegExp } from '../regexp-literal';

const INT = String.raw`(0x[0-9a-fA-F]+|\d+)[uUlL]*`;

const unwrap = (t: string): string => (/^\(([^()]*)\)$/.test(t) ? t.slice(1, -1) : t);
const operand = (x: string): string[] => [x, `(${x})`];

function num(t: string): bigint {
  return BigInt(t);
}

/** Whether `b` is an expression of `a` that differs from it for every integer value of `a`. */
function differs(a: string, b: string): boolean {
  for (const x of operand(a)) {
    if (!b.includes(x)) continue;
    const esc = escapeRegExp(x);
    const xor = new RegExp(`^${esc}\\^${INT}$`).exec(b) ?? new RegExp(`^${INT}\\^${esc}$`).exec(b);
    if (xor && num(xor[1]) !== 0n) return true;
    const plus = new RegExp(`^${esc}[+-]${INT}$`).exec(b) ?? new RegExp(`^${INT}\\+${esc}$`).exec(b);
    if (plus && num(plus[1]) !== 0n) return true;
    const minus = new RegExp(`^${INT}-${esc}$`).exec(b);
    if (minus && num(minus[1]) % 2n === 1n) return true;
    const mod = new RegExp(`^\\(${esc}\\+${INT}\\)%${INT}$`).exec(b);
    if (mod && num(mod[2]) !== 0n && num(mod[1]) % num(mod[2]) !== 0n) return true;
  }
  return false;
}

/** The two subscripts name different elements whatever their values. */
export function distinctIndices(a: string, b: string): boolean {
  const x = unwrap(a);
  const y = unwrap(b);
  return differs(x, y) || differs(y, x);
}
