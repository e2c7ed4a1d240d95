// Resources a pointer names per branch (`ResourceRef.choice`, `Transition(cull ? a : b, …)`): the paths grouped by
// how they decide the branch conditions, and the event with the resource each group takes.
import type { BarrierFact, Event, ResourceRef } from '../extract/facts';
import type { Evaluation } from './evaluation';
import type { Path, Paths } from './path-set';
import { decide, isSymbolic } from './paths';
import { withResourceProps } from './resource-props';

/**
 * A copy's resource that a pointer names per branch (`ResourceRef.choice`): the branch's resource when every path
 * decides the branch's condition the same way (a readback helper's `if (desc.SampleDesc.Count > 1)` on the
 * caller's single-sample texture copies from the texture itself); otherwise it stays unknown.
 */
export function chosen(it: Evaluation, e: Event, paths: Paths): Event {
  const pick = (ref: ResourceRef): ResourceRef => {
    const c = ref.choice;
    if (!c) return ref;
    const cond = withResourceProps(c.cond, it.env);
    const ds = paths.map((p) => decide(cond, p.facts, it.env.binding));
    const d = ds.length && ds.every((x) => x === ds[0]) ? ds[0] : null;
    const taken = d === true ? c.then : d === false ? c.else : null;
    return taken ? { ...taken, range: ref.range } : ref;
  };
  if (e.kind === 'command' && e.resources.some((r) => r.ref.choice)) return { ...e, resources: e.resources.map((r) => ({ ...r, ref: pick(r.ref) })) };
  // `Transition(cull ? processed : commands, …)`: the barrier's resource per path, as a copy's.
  if (e.kind === 'resource-barrier-call' && e.barriers?.some((b) => b.resource?.choice)) {
    // NOTE: a state written the same way (`cull ? UNORDERED_ACCESS : NON_PIXEL_SHADER_RESOURCE`) is one of its values
    // on every path, not tied to the path's resource: it is left unknown rather than checked against the wrong one.
    const loose = (fields: BarrierFact['fields']) => Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f?.oneOf ? { value: null, text: f.text, range: f.range } : f]));
    return { ...e, barriers: e.barriers.map((b) => (b.resource?.choice ? { ...b, resource: pick(b.resource), fields: loose(b.fields) } : b)) };
  }
  return e;
}

/** Paths grouped by how they decide the conditions of the event's per-path resources (one group: no split). */
export function byChoice(it: Evaluation, e: Event, paths: Paths): Paths[] {
  // NOTE: asked for every event on every path set: events without a per-path resource allocate nothing.
  const choices = e.kind === 'command' ? (e.resources.some((r) => r.ref.choice) ? e.resources.map((r) => r.ref.choice) : null)
    : e.kind === 'resource-barrier-call' && e.barriers?.some((b) => b.resource?.choice) ? e.barriers.map((b) => b.resource?.choice) : null;
  if (!choices) return [paths];
  const conds = choices.filter((c) => !!c).map((c) => withResourceProps(c!.cond, it.env));
  // A condition no path has decided yet is decided here, as an if would (each path learns its side).
  const first = conds[0];
  if (paths.every((p) => decide(first, p.facts, it.env.binding) === null) && isSymbolic(first)) {
    const sides = [...it.assumeAll(paths, first, true), ...it.assumeAll(paths, first, false)];
    if (sides.length > paths.length) paths = sides;
  }
  if (paths.length < 2) return [paths];
  const groups = new Map<string, Path[]>();
  for (const p of paths) {
    const k = conds.map((c) => String(decide(c, p.facts, it.env.binding))).join(',');
    groups.set(k, [...(groups.get(k) ?? []), p]);
  }
  return [...groups.values()];
}
