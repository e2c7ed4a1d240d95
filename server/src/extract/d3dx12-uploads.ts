// d3dx12's UpdateSubresources(list, destination, intermediate, …): the helper records on `list` a copy from the
// intermediate upload buffer into each destination subresource it is given — CopyTextureRegion per subresource (or
// CopyBufferRegion for a buffer) — so the destination must be in COPY_DEST, as for the copy itself. Its four forms
// (d3dx12_resource_helpers.h): (list, dst, inter, offset, first, count, data) and (…, resourceData, info) keep the
// first subresource at 4; (list, dst, inter, first, count, requiredSize, layouts, rows, rowSizes, data) and (…,
// resourceData, info) at 3. Called as a free function (`UpdateSubresources<1>(…)`, `::UpdateSubresources(…)`): an
// engine method of that name is its own code.
import type { CommandEvent } from './facts';
import type { FnCtx } from './context';
import type { SyntaxNode } from './node';
import { evalField } from './constant-fold';
import { resourceRef } from './resources';
import { rangeOf } from './syntax';
import { isCommandListObject, isOtherApiObject } from './types';

/** Argument count → where the first subresource and the subresource count are. */
const FORMS: Readonly<Record<number, { first: number; count: number }>> = {
  7: { first: 4, count: 5 }, 8: { first: 4, count: 5 }, 10: { first: 3, count: 4 }, 11: { first: 3, count: 4 },
};

/** The copy an `UpdateSubresources` call records, or undefined when the call is not d3dx12's helper. */
export function uploadCommand(call: SyntaxNode, f: SyntaxNode, name: string | undefined, args: SyntaxNode[], fn: FnCtx): CommandEvent | undefined {
  if (name !== 'UpdateSubresources' || f.type === 'field_expression') return undefined;
  const form = Object.hasOwn(FORMS, args.length) ? FORMS[args.length] : undefined;
  if (!form || isCommandListObject(args[0], fn) === 'no' || isOtherApiObject(args[1], fn) || isOtherApiObject(args[2], fn)) return undefined;
  const count = evalField(args[form.count], fn.file, fn);
  // One subresource: that one; several (or a count not known): the copy writes a range, checked as the whole resource.
  const subresource = count.value === 1 ? evalField(args[form.first], fn.file, fn) : undefined;
  return {
    kind: 'command', site: -1, range: rangeOf(call), list: resourceRef(args[0], fn.file, fn), method: 'CopyTextureRegion',
    // The intermediate is an upload-heap buffer the helper reads through a footprint (its state is fixed): only the
    // destination is checked.
    resources: [{ role: 'copy-dest', ref: resourceRef(args[1], fn.file, fn), ...(subresource ? { subresource } : {}) }],
  };
}
