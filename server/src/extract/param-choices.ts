// Which number a parameter picks when an if/else or a switch testing it wrote a local with a known number on each
// path (`switch (usage) { case Usage::Storage: state = D3D12_RESOURCE_STATE_UNORDERED_ACCESS; break; … }` in a
// creation helper). The join keeps every number (`Field.oneOf`, marked `paramChoice`: the callers decide); with this
// mapping a call that passes a known argument gets its path's number (track/env.ts substituteField), and a call that
// does not keeps the choice undecided. Pure data: the walker works out the keys (param-keys.ts), the join the values.
import type { Field } from './operands';

/**
 * Per branch of the join, the argument that takes it: 'truthy' / 'falsy' for an if on the bare parameter, a case
 * label's number, 'default'; undefined when a label is not a known number (that branch's argument is unknown).
 */
export type ParamKey = number | 'truthy' | 'falsy' | 'default' | undefined;

export interface ParamKeys {
  param: number;
  keys: readonly ParamKey[];
}

/**
 * What each branch left in the local: a known number, null when not known (a parameter, an unknown value, a
 * branch that leaves the function — its value never reaches the code after the join), or 'next' for an empty case
 * that falls through into the next one (`case A: case B: state = …; break;`), or the mapping of an inner test of the
 * same parameter (`if (u == A) …; else if (u == B) …; else …;`: the else branch's own choice).
 */
export type BranchValue = number | null | 'next' | NonNullable<Field['byParamCases']>;

/**
 * The mapping from the parameter's argument to the local's number (`Field.byParam` for an if on a flag,
 * `Field.byParamCases` for a switch), or undefined when a branch the mapping needs is not known. `otherwise`: the
 * number past a switch without default (the value before it), null when not known.
 */
export function argumentChoice(keys: ParamKeys, values: readonly BranchValue[], otherwise: number | null): Pick<Field, 'byParam' | 'byParamCases'> | undefined {
  if (keys.keys.length !== values.length) return undefined;
  const resolved = values.map((_, i) => settle(values, i));
  if (keys.keys[0] === 'truthy' || keys.keys[0] === 'falsy') {
    const at = (k: 'truthy' | 'falsy') => resolved[keys.keys.indexOf(k)];
    const [whenTrue, whenFalse] = [at('truthy'), at('falsy')];
    return typeof whenTrue !== 'number' || typeof whenFalse !== 'number' ? undefined : { byParam: { param: keys.param, whenTrue, whenFalse } };
  }
  const cases: [number, number | null][] = [];
  let fallback = otherwise;
  let inner: NonNullable<Field['byParamCases']> | undefined;
  for (let i = 0; i < keys.keys.length; i++) {
    const key = keys.keys[i];
    const v = resolved[i];
    // A label that is not a known number: which argument takes this branch is unknown, so no mapping is sure.
    if (key === undefined || key === 'truthy' || key === 'falsy') return undefined;
    if (key !== 'default') cases.push([key, typeof v === 'number' ? v : null]);
    else if (typeof v === 'object' && v !== null && v.param === keys.param) inner = v;
    else fallback = typeof v === 'number' ? v : null;
  }
  // The arguments the outer test did not take go through the inner one (cases tested first win).
  if (inner) {
    for (const c of inner.cases) if (!cases.some(([k]) => k === c[0])) cases.push([c[0], c[1]]);
    fallback = inner.otherwise;
  }
  return { byParamCases: { param: keys.param, cases, otherwise: fallback } };
}

/** A branch's value, following empty cases into the case they fall through to. */
function settle(values: readonly BranchValue[], i: number): Exclude<BranchValue, 'next'> {
  for (let k = i; k < values.length; k++) {
    const v = values[k];
    if (v !== 'next') return v;
  }
  return null;
}

/** The number a known argument picks from `byParamCases`; null when the argument or its branch's number is unknown. */
export function caseValue(cases: NonNullable<Field['byParamCases']>, arg: number | null | undefined): number | null {
  if (arg === null || arg === undefined) return null;
  const hit = cases.cases.find(([key]) => key === arg);
  return hit ? hit[1] : cases.otherwise;
}
