// Barriers and creations inside a helper whose values are the caller's arguments: checked again at the call (or
// at the submit of a batch they were added to), unless the call changes nothing the check reads.
import type { BarrierFact, Event, Field, ResourceCreation, ResourceRef } from '../extract/facts';
import type { TrackEnv } from './env';
import { atCallSite, NO_LIST, substituteField, substituteRef, usesParams, within } from './env';

/**
 * Inside a helper, a barrier built from parameters is checked again with the caller's values, at the call. When the
 * call changes nothing such a check reads — the resource (a member reached through the same `this`), every field
 * value and the list — the finding does not depend on the call site: the helper's own pass reports it once, at the
 * helper, instead of once more at every call on the way (issue 10, noise multipliers).
 */
export function recheck(raw: BarrierFact, b: BarrierFact, env: TrackEnv, list: ResourceRef | undefined, pos: { group: number | null; index: number | null; listType: import('../types').CommandListType | null }): void {
  if (!env.reporting || env.stack.length === 0 || !usesParams(raw)) return;
  const listKey = list ? substituteRef(list, env.binding).key : null;
  const listMoved = !!list && listKey !== list.key;
  if (!listMoved && sameAtEveryCall(raw, b)) return;
  const call = env.stack[0].callRange;
  // Nested helpers: argument ranges may lie in another helper, so everything moves to the outermost call.
  const moved = atCallSite(b, env.stack.length > 1 ? { ...raw, fields: {} } : raw, call);
  const run = () => { for (const check of env.barrierChecks) check(moved, pos); };
  if (!env.rechecks) return run();
  const r = (x: ResourceRef | undefined) => `${x?.key ?? ''}:${x?.text ?? ''}`;
  const values = Object.entries(b.fields).map(([k, f]) => `${k}=${f?.value ?? '?'}`).join(',');
  env.rechecks.push({
    chain: env.stack.map((f) => `${f.callUri}@${f.callRange.startLine}:${f.callRange.startColumn}`),
    barrier: `${env.currentUri()}#${raw.site}`,
    helper: { uri: env.currentUri(), range: env.stack[env.stack.length - 1].fn.range },
    call: { callee: env.stack[0].fn.name, caller: env.rootFn?.name ?? '' },
    identity: `${env.currentUri()}#${raw.site}|${r(b.resource)}|${r(b.resourceAfter)}|${values}|${listKey}:${pos.listType}|${pos.group}|${pos.index}`,
    run,
  });
}

/** The caller's values left the barrier as the helper wrote it: same resource, same value in every field. */
function sameAtEveryCall(raw: BarrierFact, b: BarrierFact): boolean {
  const sameRef = (x: ResourceRef | undefined, y: ResourceRef | undefined) => x?.key === y?.key && x?.text === y?.text;
  return sameRef(raw.resource, b.resource) && sameRef(raw.resourceAfter, b.resourceAfter)
    && Object.entries(raw.fields).every(([k, f]) => (f?.value ?? null) === (b.fields[k]?.value ?? null));
}

/**
 * A barrier a helper added to a batch with its parameters (`batch.Add(rt, RENDER_TARGET, RENDER_TARGET)`), checked
 * field by field with the caller's values when the batch is submitted, at the outermost call that submits it (or the
 * submit itself).
 */
export function recheckAtSubmit(raw: BarrierFact, b: BarrierFact, env: TrackEnv, submit: BarrierFact['range'], pos: Parameters<typeof recheck>[4]): void {
  if (!env.reporting || !usesParams(raw) || sameAtEveryCall(raw, b)) return;
  const moved = atCallSite(b, { ...raw, fields: {} }, env.stack[0]?.callRange ?? submit);
  for (const check of env.barrierChecks) check(moved, pos);
}

export type CreationEvt = Extract<Event, { kind: 'resource-creation' }>;

/**
 * A creation in a helper body whose InitialState / InitialLayout is a parameter takes the caller's argument
 * (`AllocateUAVBuffer(dev, n, &buf, D3D12_RESOURCE_STATE_UNORDERED_ACCESS)`); the rules see it at the call. So does
 * one whose heap properties or resource desc the caller hands (its heap Type, its Dimension).
 */
export function helperCreation(e: CreationEvt, ref: ResourceRef, env: TrackEnv): CreationEvt {
  const c = e.creation;
  const fromCaller = (f: Field | undefined) => (f?.param !== undefined || !!f?.byParam || !!f?.byParamCases) && !!env.binding;
  const state = fromCaller(c.initialState) || fromCaller(c.initialLayout);
  const props = c.heapPropsParam !== undefined ? env.binding?.heapTypes?.[c.heapPropsParam] : undefined;
  const heap = fromCaller(c.heapTypeArg) ? substituteField(c.heapTypeArg!, env.binding)
    // The heap Type stands where the argument was handed: the innermost call of the chain.
    : props !== undefined ? { value: props, text: 'the heap properties handed to the helper', range: env.stack[env.stack.length - 1]?.callRange ?? e.range } : undefined;
  const dimension = c.dimension === null && c.descParam !== undefined ? env.binding?.dimensions?.[c.descParam] ?? null : null;
  if (!state && heap?.value == null && dimension === null) return e;
  const creation: ResourceCreation = {
    ...c, resource: { ...ref, range: c.resource.range },
    ...(c.initialState ? { initialState: substituteField(c.initialState, env.binding) } : {}),
    ...(c.initialLayout ? { initialLayout: substituteField(c.initialLayout, env.binding) } : {}),
    ...(heap?.value != null ? { heapType: heap.value } : {}),
  };
  // The desc's Dimension stands where the desc was handed, as the heap properties' Type: the innermost call.
  const desc = dimension === null ? undefined : { value: 1, text: 'the resource desc handed to the helper', range: env.stack[env.stack.length - 1]?.callRange ?? e.range };
  const decided = [...(state ? [creation.initialState ?? creation.initialLayout] : []), ...(heap ? [heap] : []), ...(desc ? [desc] : [])];
  if (env.reporting && !decidedDeeper(decided, env)) {
    const ctx = env.context(e.range, NO_LIST);
    // NOTE: the rules see the caller's Dimension; the tracked creation keeps the helper's (unknown) one, so what
    // follows the call (promotion, decay) is read as before.
    const seen = dimension === null ? creation : { ...creation, dimension };
    for (const h of env.hooks) h.helperCreation?.(seen, ctx, { state, heap: heap?.value != null, desc: dimension !== null });
  }
  return { ...e, creation };
}

/**
 * The state, layout or heap type is an argument written at a call inside another helper of the chain (`createBLAS`
 * passing UNORDERED_ACCESS to `CreateBlankBuffer`): it does not depend on this call site, and the analysis of the
 * function holding that call reports it, once, with the shorter chain.
 */
function decidedDeeper(fields: (Field | undefined)[], env: TrackEnv): boolean {
  return fields.length > 0 && fields.every((f) => !!f && f.param === undefined
    && env.stack.slice(1).some((frame) => within(f.range, frame.callRange)));
}
