// Mirrored subtrees kept between extractions (issue 13): on a keystroke the editor extracts a reduced copy of the
// document (the edited function, its helpers and the declarations outside functions), and copying all of it from
// the native tree again was a quarter of the keystroke's CPU (docs/real-world.md, sessions 15 and 16). A subtree's
// mirror (node.ts) depends on its text alone once neither it nor the tree has errors, and on whether the tree has
// errors otherwise (tokens are then mirrored with their ranges): function bodies and declarations are kept by that
// key, packed as numbers at offset 0 (SyntaxNode.pack: nodes kept as objects cost 120 bytes a character of text),
// and made again in JavaScript where the next document has the same text: no mirror shares a node with another.
import { detached } from '../detached-string';
import { SyntaxNode, type NodeDoc, type SubtreeReuse } from './node';

/** Characters of kept subtrees (least recently used dropped first): a few large files' functions and declarations. */
const LIMIT = 1_000_000;

class KeptSubtrees implements SubtreeReuse {
  private readonly kept = new Map<string, Int32Array>();
  private chars = 0;
  /** Counts since the process started (the keystroke bench prints them). */
  readonly stats = { reused: 0, copied: 0 };

  copyOf(placeholder: SyntaxNode, exactTokens: boolean, doc: NodeDoc): SyntaxNode | undefined {
    const key = keyOf(placeholder, exactTokens);
    const packed = this.kept.get(key);
    if (!packed) {
      this.stats.copied++;
      return undefined;
    }
    this.stats.reused++;
    this.kept.delete(key);
    this.kept.set(key, packed);
    return SyntaxNode.unpack(packed, doc, placeholder.startIndex);
  }

  keep(nodes: readonly SyntaxNode[], exactTokens: boolean): void {
    for (const n of nodes) {
      const key = detached(keyOf(n, exactTokens));
      if (this.kept.delete(key)) this.chars -= key.length;
      this.kept.set(key, n.pack(-n.startIndex));
      this.chars += key.length;
    }
    for (const [key] of this.kept) {
      if (this.chars <= LIMIT) break;
      this.kept.delete(key);
      this.chars -= key.length;
    }
  }
}

/** What a kept subtree is found by: the tree's mode, where the subtree stands (its type, field, parent's type), its text. */
function keyOf(n: SyntaxNode, exactTokens: boolean): string {
  return `${exactTokens ? 'E' : 'P'}${n.type}|${n.field ?? ''}|${n.parent?.type ?? ''}|${n.text}`;
}

/** The process's kept subtrees (extractions of one thread run one at a time). */
export const keptSubtrees = new KeptSubtrees();

let onByDefault = false;

/** Reuse kept subtrees unless BARRIERLINT_SUBTREE_REUSE=0 (for a process whose documents come back edited; the keystroke bench calls it). */
export function reuseSubtreesByDefault(): void {
  onByDefault = true;
}

/**
 * NOTE: off unless BARRIERLINT_SUBTREE_REUSE=1 or reuseSubtreesByDefault: in a one-shot CLI run nothing comes back.
 * The language server's keystroke thread turns it on (analysis-worker.ts): about a tenth of a settled keystroke's CPU
 * on bgfx; session 16's higher server RSS with it on was measured again in session 33 (docs/real-world.md).
 */
export function subtreeReuseOn(): boolean {
  const v = process.env.BARRIERLINT_SUBTREE_REUSE;
  return v === '1' || (v !== '0' && onByDefault);
}
