// The index of a finished mirror (node.ts) by node type, for descendantsOfType: every node numbered in pre-order
// with the number of its last descendant, so a subtree's nodes of one type are a contiguous run of that type's list.
/** What the index reads and writes of a mirror node (node.ts SyntaxNode). */
interface IndexedNode {
  readonly type: string;
  readonly children: readonly IndexedNode[];
  order: number;
  lastOrder: number;
}

/** Number the mirror's nodes in pre-order (each with its last descendant's number) and list them by type. */
export function indexTree<N extends IndexedNode>(root: N): Map<string, N[]> {
  const byType = new Map<string, N[]>();
  const all: N[] = [];
  const stack: N[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    n.order = all.length;
    all.push(n);
    if (n !== root) {
      const list = byType.get(n.type);
      if (list) list.push(n);
      else byType.set(n.type, [n]);
    }
    const kids = n.children;
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as N);
  }
  for (let i = all.length - 1; i >= 0; i--) {
    const n = all[i];
    n.lastOrder = n.children.length ? n.children[n.children.length - 1].lastOrder : n.order;
  }
  return byType;
}

/** The first position in `list` (ascending pre-order numbers) numbered after `order`. */
export function firstAfter(list: readonly IndexedNode[], order: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].order <= order) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
