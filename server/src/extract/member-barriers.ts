// Barrier structs held by a class member: `D3D12_RESOURCE_BARRIER barrier_{};` declared in the class (its header in
// another file, often), filled and submitted by a method — the course engines' `DirectXCommon::PreDraw()`:
// `barrier_.Transition.pResource = …; barrier_.Transition.StateBefore = …; cl->ResourceBarrier(1, &barrier_);`.
// In a method, the member's first mention binds it as a struct of its declared kind whose members are not known yet
// (another method may have set them: `(not set)` reads as unknown, never as zero), so what this method writes —
// `barrier_ = {};` then every field, or only some — is read as it would be for a local.
import type { FnCtx } from './context';
import { memberBarrierKind } from './expect';
import type { SyntaxNode } from './node';
import { newRawStruct } from './brace-initializers';
import type { StructVal } from './values';
import { onlyWritten } from './write-mentions';

/**
 * The barrier struct a member named by `n` holds in this method, bound on its first mention; undefined when `n` is
 * no such member (a local, a parameter, a member of another type or an array of barriers, or not in a method).
 */
export function memberBarrier(n: SyntaxNode, fn: FnCtx, note = true): StructVal | undefined {
  if (n.type !== 'identifier' || !fn.method) return undefined;
  const name = n.text;
  if (fn.env.has(name) || fn.types.has(name) || fn.params.includes(name)) return undefined;
  const type = fn.file.memberTypes.get(name);
  if (!type) {
    // The class's header declares it: the run may say its type (cli/cross-file.ts, graphicsMembers).
    if (note) (fn.file.untyped ??= new Set()).add(name);
    return undefined;
  }
  const kind = memberBarrierKind(type);
  if (!kind) return undefined;
  const s = newRawStruct(kind, n, fn, false);
  fn.bind(name, s);
  (fn.memberBarriers ??= new Set()).add(name);
  return s;
}

/**
 * A member barrier the method only writes (`m_b = {}; m_b.Transition.pResource = r;` in a constructor, a setter
 * filling some fields): the method prepares it and records nothing from it, and another method (`Submit() const`)
 * records it after further writes. Its value at this method's end is no barrier anyone records: not checked as one.
 * A method that also reads it (submits it, hands it on) keeps its checks.
 */
export function markPreparedMembers(fn: FnCtx, body: SyntaxNode): void {
  if (!fn.memberBarriers) return;
  for (const name of fn.memberBarriers) {
    const v = fn.env.get(name);
    if (v?.t !== 'struct' || v.site < 0 || !fn.file.sites[v.site]) continue;
    const read = body.descendantsOfType('identifier').some((id) => id.text === name && !onlyWritten(id) && !wholeAssigned(id));
    if (!read) fn.file.sites[v.site].unread = true;
  }
}

/** `m_b = {}` / `m_b = other`: the whole member is written. */
function wholeAssigned(id: SyntaxNode): boolean {
  const p = id.parent;
  return p?.type === 'assignment_expression' && p.childForFieldName('left') === id && p.childForFieldName('operator')?.text === '=';
}
