// Resources named through getters of an object (`pp->GetSRV()->GetResource()`), whose bodies the run does not show.
// Two getters of one object may return one resource (a view and the resource it views): the identity is unknown, and
// an unknown state is never an error, so the keys accessorAliases names are forgotten by the tracker (track/apply.ts).
// A method called on the object (`swap->Advance()`) may also change what a getter returns: the object's getter keys
// are forgotten after a call of a method some file of the run declares without `const` (receiverGetters).
// NOTE: not after every call: forgetting at each lost true findings where the calls are const getters declared in a
// header the run does not read (`src.GetSampleCount()` before a resolve; docs/real-world.md, Session 19 prec19).

/** Calls that hand back the object they are called on (smart-pointer access), not another one. */
const IDENTITY_CALLS = new Set(['Get', 'get', 'GetAddressOf', 'operator']);
const CONSTANT_ARGS = /^[\s\d,]*$/;

interface Accessor { owner: string; name: string; args: string; call: string }

/** The first getter call of a key: `a->b(1)->c` → owner `a->`, name `b`, args `1`, call `b(1)`; none without an owner. */
export function accessorOf(key: string): Accessor | undefined {
  const callRe = /([A-Za-z_]\w*)\s*\(/g;
  for (let m = callRe.exec(key); m; m = callRe.exec(key)) {
    if (IDENTITY_CALLS.has(m[1])) continue;
    const owner = key.slice(0, m.index);
    if (!/(->|\.)\s*$/.test(owner)) return undefined;
    let depth = 0;
    for (let i = m.index + m[0].length - 1; i < key.length; i++) {
      if (key[i] === '(') depth++;
      else if (key[i] === ')' && --depth === 0) {
        return { owner, name: m[1], args: key.slice(m.index + m[0].length, i), call: key.slice(m.index, i + 1) };
      }
    }
    return undefined;
  }
  return undefined;
}

/** The object a member path belongs to: `ctx->m_res` (or `ctx->m_res.Get()`) → `ctx->`; none for a bare name or a call. */
function memberOwner(key: string): string | undefined {
  const m = /^(.+?(?:->|\.))[A-Za-z_]\w*(?:\.Get\(\))?$/.exec(key);
  return m && !m[1].includes('(') && !m[1].includes('|') ? m[1] : undefined;
}

/**
 * Tracked keys that may name what `key` names: reached through a differently named getter of the same owner. One
 * getter with different constant arguments (`gbuf->Target(0)`, `gbuf->Target(1)`), or different members of what one
 * getter returns, are different resources, as constant indices are. Keys of subresource parts (`tex|…`) are left to
 * their resource. A member of the owner (`surf->m_res`, what a method of the object evaluated in place names) and a
 * getter of it (`surf->Native()`, a body the run does not show) may be one resource too.
 */
export function accessorAliases(keys: Iterable<string>, key: string): string[] {
  const mine = accessorOf(key);
  const owner = mine ? undefined : memberOwner(key);
  if (!mine && !owner) return [];
  const out: string[] = [];
  for (const k of keys) {
    if (k === key || k.includes('|')) continue;
    if (owner) {
      if (k.startsWith(owner) && accessorOf(k)?.owner === owner) out.push(k);
      continue;
    }
    if (!k.startsWith(mine!.owner)) continue;
    if (memberOwner(k) === mine!.owner) {
      out.push(k);
      continue;
    }
    const other = accessorOf(k);
    if (!other || other.owner !== mine!.owner || other.call === mine!.call) continue;
    if (other.name === mine!.name && CONSTANT_ARGS.test(other.args) && CONSTANT_ARGS.test(mine!.args)) continue;
    out.push(k);
  }
  return out;
}

/**
 * The tracked keys a getter of `receiver` names (`swap->Current()`, `swap->Current()->m_res`, `ctx.GetTarget()`)
 * for a call `receiver<op>M(…)`: what M may have changed. A member of the object (`swap->m_res`) is not one.
 */
export function receiverGetters(keys: Iterable<string>, receiver: string, op: string): string[] {
  const prefix = `${receiver}${op}`;
  const out: string[] = [];
  for (const k of keys) if (k.startsWith(prefix) && /^\w+\s*\(/.test(k.slice(prefix.length))) out.push(k);
  return out;
}
