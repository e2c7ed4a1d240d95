// What a barrier container's `size()` is along a path: `std::vector<T> v;` starts empty, `v.push_back(b)` /
// `v.emplace_back(…)` add one, `v.clear()` empties it, and `v.size()`, `v.empty()`, `v.data()` only read it. The path
// facts follow the size under the symbol `v.size` (path-facts.ts), so a submission guarded by `if (v.size() != 0)` or
// `if (!v.empty())` is decided on each path by what that path appended (conditions.ts).
import type { SyntaxNode } from './node';

/** Container methods whose effect on `size()` is known: appended one, or emptied. `reserve` keeps it. */
export const SIZE_CHANGES: Readonly<Record<string, number | 'clear'>> = Object.assign(Object.create(null) as Record<string, number | 'clear'>, {
  push_back: 1, emplace_back: 1, clear: 'clear', reserve: 0,
});

/**
 * A container's element count and first element under the names engines' own containers give them
 * (`SC_Array::Count()`, `TArray::Num()`, `GetBuffer()`, `GetData()`, Godot's `LocalVector::ptr()` / `Vector::ptrw()`):
 * `v.size()` and `v.data()` of std::vector.
 */
export const SIZE_METHODS: ReadonlySet<string> = new Set(['size', 'Size', 'Count', 'Num', 'GetCount', 'GetSize']);
export const DATA_METHODS: ReadonlySet<string> = new Set(['data', 'Data', 'GetData', 'GetBuffer', 'ptr', 'ptrw']);

/** Container methods that read it (`v.size()`, `v.data()`): they write nothing the path facts follow. */
export const READS_CONTAINER: ReadonlySet<string> = new Set([...SIZE_METHODS, ...DATA_METHODS, 'empty', 'capacity']);

/** A declared type whose objects start empty: `std::vector<T>` (not a fixed-size `std::array`). */
export const STARTS_EMPTY = /^(?:std::)?vector\s*</;

/** `v.size()` / `v.empty()`: the container expression and which of the two; undefined for anything else. */
export function sizeQuery(n: SyntaxNode): { container: SyntaxNode; empty: boolean } | undefined {
  if (n.type !== 'call_expression' || (n.childForFieldName('arguments')?.namedChildCount ?? 1) !== 0) return undefined;
  const callee = n.childForFieldName('function');
  const method = callee?.type === 'field_expression' ? callee.childForFieldName('field')?.text : undefined;
  const container = callee?.childForFieldName('argument');
  return (method === 'size' || method === 'empty') && container ? { container, empty: method === 'empty' } : undefined;
}
