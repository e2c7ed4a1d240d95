// The elements of a range-for over an array of resources whose length the file declares (`ComPtr<ID3D12Resource>
// m_targets[FrameCount];` as a member, `ID3D12Resource* targets[3];` as a local) but whose elements the function does
// not know: `for (auto& rt : m_targets) barriers.push_back(Transition(rt.Get(), …));` names `m_targets[0]`,
// `m_targets[1]`, … in turn, as the counted loop `for (UINT i = 0; i < FrameCount; ++i) … m_targets[i]` does
// (unrolled-loops.ts). Without this, each iteration's barrier names "some element" and reaches no resource.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import type { AVal } from './values';
import { constantOf } from './path-facts';
import { isResourceType, resourceRef } from './resources';
import { rangeOf } from './syntax';

/** `m_targets`, `this->m_targets`, `frame.targets`: a plain name or member path, nothing evaluated on the way. */
const PLAIN_PATH = /^[A-Za-z_]\w*(?:\s*(?:\.|->)\s*[A-Za-z_]\w*)*$/;

/**
 * The elements `name[0]`, `name[1]`, … of the range's array, as resources, when its declared length is a constant
 * of at most `max` and its elements are resources; undefined otherwise. `known` is the length the evaluator knows
 * (a local array's declaration).
 */
export function declaredResourceElements(right: SyntaxNode, known: number | null, fn: FnCtx, max: number): AVal[] | undefined {
  if (!PLAIN_PATH.test(right.text)) return undefined;
  const field = right.type === 'field_expression' ? right.childForFieldName('field')?.text : right.type === 'identifier' ? right.text : undefined;
  if (!field) return undefined;
  const local = right.type === 'identifier' ? fn.types.get(field) : undefined;
  const type = local ?? fn.file.memberTypes.get(field);
  if (!type || !type.endsWith('[]') || type.endsWith('[][]') || !isResourceType(type)) return undefined;
  const size = local !== undefined ? null : fn.file.memberArraySizes?.get(field);
  const length = local !== undefined ? known : size ? constantOf(size, fn) : null;
  if (length === null || !Number.isInteger(length) || length < 1 || length > max) return undefined;
  const base = resourceRef(right, fn.file, fn);
  if (base.key === null || base.unknown || base.choice) return undefined;
  const range = rangeOf(right);
  return Array.from({ length }, (_, k) => {
    // A parameter array (`ID3D12Resource* targets[2]`) is the caller's: its element is a path from that argument.
    const { param, ...rest } = base;
    const from = param !== undefined ? { param, path: '' } : base.base;
    return {
      t: 'res' as const,
      ref: { ...rest, key: `${base.key}[${k}]`, text: `${right.text}[${k}]`, range, ...(from ? { base: { ...from, path: `${from.path}[${k}]` } } : {}) },
    };
  });
}
