// Size queries over the arrays and containers a function built: `_countof(a)`, `std::size(a)`, `ARRAYSIZE(a)`,
// `v.size()` (`v.Count()`, `v.Num()` of an engine's own container). Used both as a value and inside constant folding (`count - 1`).
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { argumentNodes, rangeOf } from './syntax';
import type { AVal } from './values';
import { numVal } from './values';
import { underNonEmptyTest } from './nonempty-guards';
import { SIZE_METHODS } from './container-sizes';

const SIZE_FUNCS = new Set(['_countof', 'ARRAYSIZE', 'std::size', 'size', 'std::ssize', 'countof', 'ARRAY_SIZE', 'ARRAY_COUNT']);

/**
 * `_countof(a)`, `std::size(a)`, `ARRAYSIZE(a)`, `v.size()` of an array or container the function built; undefined
 * for any other call. A C array's size is its declared length whatever a loop wrote; a container filled in a loop
 * has an unknown size.
 */
export function sizeCall(n: SyntaxNode, fn: FnCtx): AVal | undefined {
  const f = n.childForFieldName('function');
  const args = argumentNodes(n);
  let objNode: SyntaxNode | undefined;
  if (f?.type === 'field_expression' && args.length === 0 && SIZE_METHODS.has(f.childForFieldName('field')?.text ?? '')) objNode = f.childForFieldName('argument') ?? undefined;
  else if (f && args.length === 1 && SIZE_FUNCS.has(f.text.replace(/\s+/g, ''))) objNode = args[0];
  if (!objNode) return undefined;
  const obj = evalValue(objNode, 'any', fn);
  if (obj.t !== 'array') return undefined;
  // Filled per path (container-paths.ts): the size is known only when every path's list has the same length.
  const sizes = new Set(obj.paths?.lists.map((l) => l.length) ?? [obj.elems.length]);
  // `std::array<T, 3>` keeps its declared length however many elements were written (fewer than it).
  const fixed = obj.length !== null && (!obj.container || (!obj.paths && obj.elems.length <= obj.length));
  const count = fixed ? obj.length : obj.loopElem || obj.unsized || sizes.size !== 1 ? null : [...sizes][0];
  // Read where the container is known to hold something (`if (!v.empty()) … v.size()`): that path does not run.
  if (count === 0 && obj.container && underNonEmptyTest(n, objNode.text)) return numVal({ value: null, text: n.text, range: rangeOf(n) });
  return numVal({ value: count, text: n.text, range: rangeOf(n) });
}
