// Range-for elements bound by reference to a container the function does not declare (a member or a global):
// `for (auto &c : cmdLists_) device->CreateCommandList(…, &c.cmdList);` creates the `cmdList` member of every element
// of `cmdLists_`, so another method's `cmdLists_[cmdListIdx_].cmdList` is one of those lists (track/list-types.ts).
// A name bound to two containers in one function is left out; a copy (`for (auto c : …)`) is another object.
import type { SyntaxNode } from './node';
import { declaredName } from './types';

/** Element name → container name (`this->` dropped), or undefined when the body has none. */
export function rangeElements(body: SyntaxNode, declared: ReadonlySet<string>): Record<string, string> | undefined {
  const found = new Map<string, string | null>();
  for (const loop of body.descendantsOfType('for_range_loop')) {
    const decl = loop.childForFieldName('declarator');
    const right = loop.childForFieldName('right');
    const name = declaredName(decl);
    if (decl?.type !== 'reference_declarator' || !right || !name) continue;
    const container = /^(?:this->)?([A-Za-z_]\w*)$/.exec(right.text.replace(/\s+/g, ''))?.[1];
    const ok = container !== undefined && !declared.has(container);
    found.set(name, ok && (!found.has(name) || found.get(name) === container) ? container : null);
  }
  const out = [...found].filter((e): e is [string, string] => e[1] !== null);
  return out.length ? Object.fromEntries(out) : undefined;
}
