// Compile-time switches in function bodies: `#if USE_MIRROR … #else … #endif` where the value of USE_MIRROR is known
// takes one side only (walker.ts). The value is the file's own `#define USE_MIRROR 0` (constants.ts noteSwitch) or,
// in a run of several files, the one a header of the run defines (`#define USE_MSAA 0` in a config header that the
// .cpp includes, cli/cross-file.ts): the name is noted as unfolded, and the file is analysed again with the value.
// Without it both sides were read as run-time paths, and facts of the side that is never compiled (an MSAA target
// created in RESOLVE_SOURCE) met facts of the other (the same array holding the swap chain's buffers in #else).
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { noteUnfoldedName } from './constant-fold';

/** An `#if` condition that is a literal or a known switch macro (negated or not): 1 (compiled), 0 (not), or undefined. */
export function switchValue(cond: SyntaxNode | null, fn: FnCtx): 0 | 1 | undefined {
  const m = cond ? /^(!?)\s*\(?\s*(\w+)\s*\)?$/.exec(cond.text.trim()) : null;
  if (!m) return undefined;
  const v = /^\d+$/.test(m[2]) ? Number(m[2]) : macroValue(m[2], fn);
  if (v === undefined || v === null) return undefined;
  return (v !== 0) !== (m[1] === '!') ? 1 : 0;
}

/**
 * The file's own switch (null when it defines the name twice, with different values), else the value a header of the
 * run gives the name. NOTE: a header's numbers reach the file as one table (enumerators and `constexpr` constants
 * with the `#define`s, analyze.ts runNumbers); only a macro can be tested by `#if`, so a name that is an enumerator in
 * the header would be misread here, a spelling (`#if kCascades`) that compiles as `#if 0` and no code base relies on.
 */
function macroValue(name: string, fn: FnCtx): number | null | undefined {
  const own = fn.file.switchMacros;
  if (own?.has(name)) return own.get(name);
  if (fn.file.importedEnumerators?.has(name)) {
    const c = fn.file.constants.get(name);
    return c?.t === 'num' ? c.f.value : undefined;
  }
  noteUnfoldedName(name, fn);
  return undefined;
}
