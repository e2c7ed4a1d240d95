// Conditions on a resource's own desc (`desc = res->GetDesc(); if (desc.SampleDesc.Count > 1)`) or heap properties
// (`res->GetHeapProperties(&props, nullptr); if (props.Type == D3D12_HEAP_TYPE_READBACK)`, extract/desc-reads.ts):
// the resource, in the caller's terms, was created where the tracker saw it, so the test reads that creation's
// value. A resource of unseen creation, or a creation that left the value unknown, leaves the test undecided.
import type { Condition, Field } from '../extract/facts';
import type { TrackEnv } from './env';
import { substituteRef } from './env';

const hasProps = new WeakMap<Condition, boolean>();

/** The condition with its resource-property fields given their values (the same object when it has none). */
export function withResourceProps(c: Condition, env: TrackEnv): Condition {
  let has = hasProps.get(c);
  if (has === undefined) hasProps.set(c, (has = mentionsProps(c)));
  return has ? substitute(c, env) : c;
}

function mentionsProps(c: Condition): boolean {
  if (c.op === 'opaque') return false;
  if ('args' in c) return c.args.some(mentionsProps);
  return !!(c.left.ofResource || c.right.ofResource);
}

function substitute(c: Condition, env: TrackEnv): Condition {
  if (c.op === 'opaque') return c;
  if ('args' in c) return { ...c, args: c.args.map((a) => substitute(a, env)) };
  return { ...c, left: valueOf(c.left, env), right: valueOf(c.right, env) };
}

function valueOf(f: Field, env: TrackEnv): Field {
  if (!f.ofResource) return f;
  const ref = substituteRef(f.ofResource.ref, env.binding);
  const created = ref.key ? env.resources.get(ref.key)?.creation : undefined;
  // GetHeapProperties succeeds for a resource created in a heap the run saw (committed or placed), and a reserved
  // resource has none: 1 (S_OK read by SUCCEEDED) when the creation shows the heap type, else not known.
  const value = f.ofResource.prop === 'heapRead' ? (typeof created?.heapType === 'number' ? 1 : undefined) : created?.[f.ofResource.prop];
  return typeof value === 'number' ? { value, text: f.text, range: f.range } : f;
}

/**
 * The resources whose desc or heap type an undecided condition still tests (their creation was not seen, or left the
 * value unknown): what a branch does to them depends on the resource (a resolve for a multisampled texture, a copy
 * otherwise; a copy into a readback buffer unless it is one), so neither branch may judge them with the state known
 * before the test.
 */
export function undecidedResources(c: Condition, env: TrackEnv): string[] {
  if (c.op === 'opaque') return [];
  if ('args' in c) return c.args.flatMap((a) => undecidedResources(a, env));
  return [c.left, c.right].flatMap((f) => {
    const key = f.ofResource ? substituteRef(f.ofResource.ref, env.binding).key : null;
    return key ? [key] : [];
  });
}
