// Barrier helpers another file of the run defines (`D3D12_RESOURCE_BARRIER Make_Barrier(res, from, to)` in util.cpp,
// or inline in util.h; a fill helper `Fill(&b, …)`; a submit helper `Submit(cl, &b, 1)`), called from this file. Their
// definitions come with the imported functions (imported-functions.ts) and are read as the file's own helpers are
// (helper-templates.ts, fill-helpers.ts, submit-helpers.ts), where the file defines no function of that name. What
// they hold was read from the imported text: every range in it is moved to the call that uses it, so nothing the walk
// records points into text the file does not have.
import type { Range } from '../types';
import type { Field, ResourceRef } from './facts';
import type { AVal } from './values';
import type { SyntaxNode } from './node';
import { definedName } from './syntax';

/** A field with its ranges (and those of the values it stands for) at `at`. */
function fieldAt(f: Field, at: Range): Field {
  const out: Field = { ...f, range: at };
  if (f.perPath) out.perPath = { join: f.perPath.join, fields: f.perPath.fields.map((p) => p && fieldAt(p, at)) };
  if (f.ofResource) out.ofResource = { ...f.ofResource, ref: refAt(f.ofResource.ref, at) };
  return out;
}

function refAt(r: ResourceRef, at: Range): ResourceRef {
  const out: ResourceRef = { ...r, range: at };
  if (r.choice) out.choice = { ...r.choice, then: r.choice.then && refAt(r.choice.then, at), else: r.choice.else && refAt(r.choice.else, at) };
  return out;
}

/** A copy of `v` (read from an imported helper's text) with every range at `at`: the call in the file. */
export function rangedAt(v: AVal, at: Range): AVal {
  switch (v.t) {
    case 'num':
      return { t: 'num', f: fieldAt(v.f, at) };
    case 'res':
      return { t: 'res', ref: refAt(v.ref, at) };
    case 'struct': {
      const members = new Map<string, AVal>();
      for (const [k, m] of v.members) members.set(k, rangedAt(m, at));
      return { ...v, members, range: at };
    }
    case 'array':
      return {
        ...v, range: at, elems: v.elems.map((e) => rangedAt(e, at)), loopElem: v.loopElem && rangedAt(v.loopElem, at),
        ...(v.paths ? { paths: { ...v.paths, lists: v.paths.lists.map((l) => l.map((e) => rangedAt(e, at))) } } : {}),
      };
    case 'ptr':
      return { ...v, target: rangedAt(v.target, at) };
    default:
      return { ...v, range: at };
  }
}

/**
 * The function definitions of an imported tree the file may use as its own helpers: those whose name the file does
 * not define itself (its own definition wins, even one that is no helper), each name defined once.
 */
export function importedDefinitions<T extends { node: SyntaxNode; lambda: boolean }>(fns: readonly T[], own: ReadonlySet<string>): T[] {
  const byName = new Map<string, T | null>();
  for (const f of fns) {
    const name = f.lambda ? undefined : definedName(f.node);
    if (!name || own.has(name)) continue;
    byName.set(name, byName.has(name) ? null : f);
  }
  return [...byName.values()].filter((f): f is T => f !== null);
}
