// A plain-JavaScript mirror of the tree-sitter tree for the extractor.
//
// NOTE: with node-tree-sitter every SyntaxNode property is a call into the native binding, and every node it
// returns is a new JS object registered (weak reference + finalizer) in the binding's node cache: asking for
// nodes one by one cost the extractor several times the parse itself. A TreeCursor walks the tree without
// creating node objects, so the extractor copies the tree once (type, field, range, children) into these plain
// objects and never calls into the binding again. They implement the subset of the SyntaxNode interface the
// extractor uses, under the same names, so extraction code reads as tree-sitter code.
import type { SyntaxNode as TsNode, Tree, TreeCursor } from '../parse/parser';
import { grammarShapes } from '../parse/parser';
import { lineStartsOf } from '../parse/positions';
import { firstAfter, indexTree } from './node-index';
import type { Range } from '../types';

export interface Point {
  row: number;
  column: number;
}

/** The document one extraction reads: its text, line starts and mirrored tree. */
export class NodeDoc {
  private lineStarts: readonly number[] | undefined;
  private mirrored: SyntaxNode | undefined;
  private byType: Map<string, SyntaxNode[]> | undefined;

  /**
   * Set on the document of another file's functions (extract/imported-functions.ts) while one is walked at a call:
   * every range read from it is the call's, so nothing the walk records points into text the file does not have.
   */
  anchor: Range | undefined;

  /**
   * With `reuse`, subtrees mirrored by earlier extractions (function bodies, declarations) are copied from there;
   * `lineStarts` are the text's (lineStartsOf) when the caller has them.
   */
  constructor(readonly text: string, private readonly reuse?: SubtreeReuse, lineStarts?: readonly number[]) {
    this.lineStarts = lineStarts;
  }

  /** The mirror of `tree` (built on first use). `tree` must be the parse of this document's text. */
  root(tree: Tree): SyntaxNode {
    return (this.mirrored ??= mirror(tree, this, undefined, this.reuse));
  }

  /** The mirror `packed` holds (made again in JavaScript from its numbers). Its text must be this document's. */
  unpacked(packed: PackedMirror): SyntaxNode {
    return (this.mirrored ??= SyntaxNode.unpack(packed.nodes, this, 0));
  }

  /** This document's finished mirror as numbers, with the text (PackedMirror); undefined before it is made. */
  packed(): PackedMirror | undefined {
    return this.mirrored && { text: this.text, nodes: this.mirrored.pack(0) };
  }

  /**
   * The mirror of `tree` with only the function bodies `choose` keeps: every body is first left out, `choose`
   * sees the functions (their heads are mirrored) and answers the bodies to copy; the others are dropped, so
   * those functions are not functions of the mirror. `choose` answering undefined keeps every body. In a tree with
   * syntax errors, a function with an error in it or inside an ERROR node is always copied (the extractor reports
   * errors and walks the code of ERROR nodes as statements).
   */
  focusedRoot(tree: Tree, choose: (root: SyntaxNode, bodies: readonly DeferredBody[]) => ReadonlySet<DeferredBody> | undefined): SyntaxNode {
    if (this.mirrored) return this.mirrored;
    const deferred: DeferredBody[] = [];
    const exactTokens = tree.rootNode.hasError;
    const root = mirror(tree, this, deferred);
    const kept = choose(root, deferred);
    for (const d of deferred) {
      if (!kept || kept.has(d)) expandBody(this, d, exactTokens);
      else d.fn.children = d.fn.children.filter((c) => c !== d.body);
    }
    return (this.mirrored = root);
  }

  /**
   * The descendants of a node of the finished mirror by type, in document order, from one index of the whole
   * mirror built on first use: several extraction passes ask the root for one type each (prototypes, base classes,
   * macros, enumerators, functions), and passes over statements ask each loop, `if` and function body for the
   * assignments or declarations in it; on a large file those walks cost as much as the parse. Nodes are numbered
   * in pre-order, so the descendants of `node` are the nodes numbered after it up to its last descendant: a binary
   * search in each type's list. Undefined before the mirror is finished, or for a node outside it.
   */
  indexedDescendants(node: SyntaxNode, types: readonly string[]): readonly SyntaxNode[] | undefined {
    if (!this.mirrored) return undefined;
    const byType = (this.byType ??= indexTree(this.mirrored));
    if (node.order < 0) return undefined;
    if (node === this.mirrored && types.length === 1) return (byType.get(types[0]) ?? NO_CHILDREN).slice();
    // Each type's run of descendants (its list from lo to hi), then merged by number. NOTE (issue 12): a merge, not a
    // sort of their concatenation (the functions, declarations and constants of a 40,000-line file: 1 % of its lint).
    const runs: { list: readonly SyntaxNode[]; lo: number; hi: number }[] = [];
    let total = 0;
    for (let t = 0; t < types.length; t++) {
      const list = byType.get(types[t]);
      if (!list || types.indexOf(types[t]) !== t) continue;
      const lo = firstAfter(list, node.order);
      const hi = firstAfter(list, node.lastOrder);
      if (hi > lo) {
        runs.push({ list, lo, hi });
        total += hi - lo;
      }
    }
    if (runs.length === 0) return [];
    if (runs.length === 1) return runs[0].list.slice(runs[0].lo, runs[0].hi);
    const out = new Array<SyntaxNode>(total);
    for (let k = 0; k < total; k++) {
      let best = -1;
      for (let r = 0; r < runs.length; r++) {
        const run = runs[r];
        if (run.lo < run.hi && (best < 0 || run.list[run.lo].order < runs[best].list[runs[best].lo].order)) best = r;
      }
      out[k] = runs[best].list[runs[best].lo++];
    }
    return out;
  }

  /** The mirror node of a node of the same tree (a query capture): same type and range, outermost first. */
  find(raw: TsNode): SyntaxNode | null {
    const start = raw.startIndex;
    const end = raw.endIndex;
    const type = raw.type;
    let n: SyntaxNode | undefined = this.mirrored;
    while (n) {
      if (n.startIndex === start && n.endIndex === end && n.type === type) return n;
      n = n.children.find((c) => c.startIndex <= start && end <= c.endIndex && c.startIndex >= 0);
    }
    return null;
  }

  /** Line and UTF-16 column of a UTF-16 index, lines as parse/positions.ts counts them (every surface does). */
  position(index: number): Point {
    const row = this.lineOf(index);
    return { row, column: index - this.starts()[row] };
  }

  /** The line starts of the text (parse/positions.ts lineStartsOf), made on first use. */
  starts(): readonly number[] {
    return (this.lineStarts ??= lineStartsOf(this.text));
  }

  /** The line (0-based) of a UTF-16 index: the last line starting at or before it. */
  lineOf(index: number): number {
    const starts = this.starts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}


/**
 * A whole file's mirror as numbers (SyntaxNode.pack: about 6 bytes a character, a twentieth of the mirror's objects)
 * with the text it was made from. A multi-file run analyses a file again with other files' definitions (the
 * import pass, cli/cross-file.ts) from it instead of parsing and copying the tree a second time: the parse and the
 * copy were a quarter of that pass's CPU (issue 12). The mirror depends on the text alone, so one made from the
 * numbers is the one the parse gives; it is used only for exactly the text it was made from.
 */
export interface PackedMirror {
  readonly text: string;
  readonly nodes: Int32Array;
}

const NO_CHILDREN: readonly SyntaxNode[] = Object.freeze([]);

/**
 * The named nodes of `children`: the array itself when all are (most nodes, since the mirror leaves out the
 * anonymous tokens that fill no field), so no copy is made. NOTE: like the cached copy, never written to.
 */
function namedOf(children: readonly SyntaxNode[]): SyntaxNode[] {
  for (let i = 0; i < children.length; i++) if (!children[i].isNamed) return children.filter((c) => c.isNamed);
  return children as SyntaxNode[];
}

/** Node type and field names of packed subtrees (SyntaxNode.pack), by id: one grammar's, a few hundred. */
const PACKED_NAMES: string[] = [];
const PACKED_IDS = new Map<string, number>();
const PACKED_FIELDS = 7;

function nameId(name: string): number {
  let id = PACKED_IDS.get(name);
  if (id === undefined) PACKED_IDS.set(name, (id = PACKED_NAMES.push(name) - 1));
  return id;
}

/**
 * Anonymous tokens that fill no field (punctuation, `=` of an initializer, `*` of a declarator, keywords) are not
 * mirrored: the extractor reads structure through fields and named children. Operators are kept (they fill the
 * `operator` field), and so are the tokens the extractor tells statements apart by.
 */
const KEPT_TOKENS: ReadonlySet<string> = new Set(['default']);

// Bits of SyntaxNode.bits: three flags, the height above them.
const NAMED_BIT = 1;
const ERROR_BIT = 2;
const MISSING_BIT = 4;
const HEIGHT_SHIFT = 3;

export class SyntaxNode {
  parent: SyntaxNode | null = null;
  children: readonly SyntaxNode[] = NO_CHILDREN;
  /** Pre-order number in the finished mirror, and that of its last descendant (NodeDoc.indexedDescendants); -1 before. */
  order = -1;
  lastOrder = -1;
  private cachedText: string | undefined;
  private cachedRange: Range | undefined;
  private named: SyntaxNode[] | undefined;
  /**
   * isNamed, hasError and isMissing as bits, the height above them. NOTE (issue 12): a mirror is hundreds of thousands
   * of these objects, all kept to the end of the extraction; each field is 8 bytes of every one of them to copy at
   * every young-generation collection they survive (GC was 13 % of a 40,000-line file's CPU).
   */
  private bits: number;

  constructor(
    readonly type: string,
    isNamed: boolean,
    /** The field this node fills in its parent (`function`, `arguments`, ...), or null. */
    readonly field: string | null,
    private start: number,
    private end: number,
    private readonly doc: NodeDoc,
  ) {
    this.bits = isNamed ? NAMED_BIT : 0;
  }

  get isNamed(): boolean {
    return (this.bits & NAMED_BIT) !== 0;
  }

  get hasError(): boolean {
    return (this.bits & ERROR_BIT) !== 0;
  }

  set hasError(on: boolean) {
    this.bits = on ? this.bits | ERROR_BIT : this.bits & ~ERROR_BIT;
  }

  get isMissing(): boolean {
    return (this.bits & MISSING_BIT) !== 0;
  }

  set isMissing(on: boolean) {
    this.bits = on ? this.bits | MISSING_BIT : this.bits & ~MISSING_BIT;
  }

  /** Levels of mirrored children below this node (0 for a leaf), computed once by the mirror. */
  get height(): number {
    return this.bits >>> HEIGHT_SHIFT;
  }

  set height(levels: number) {
    this.bits = (this.bits & ((1 << HEIGHT_SHIFT) - 1)) | (levels << HEIGHT_SHIFT);
  }

  /**
   * This subtree as numbers, offsets `delta` characters later (kept subtrees, subtree-reuse.ts: a fifth of the
   * nodes' memory): in pre-order, per node its type and field (ids of PACKED_NAMES), flags, offsets (-1 for a token
   * not located yet), height and number of children.
   */
  pack(delta: number): Int32Array {
    // NOTE: written straight into a typed array that doubles when full: a whole file's mirror (the CLI's import pass,
    // PackedMirror) is millions of numbers, and a JavaScript array of them first cost several times its size.
    let out = new Int32Array(PACKED_FIELDS * 64);
    let at = 0;
    const stack: SyntaxNode[] = [this];
    while (stack.length) {
      const n = stack.pop()!;
      if (at + PACKED_FIELDS > out.length) {
        const grown = new Int32Array(out.length * 2);
        grown.set(out);
        out = grown;
      }
      out[at] = nameId(n.type);
      out[at + 1] = n.field === null ? -1 : nameId(n.field);
      out[at + 2] = (n.isNamed ? 1 : 0) | (n.hasError ? 2 : 0) | (n.isMissing ? 4 : 0);
      out[at + 3] = n.start >= 0 ? n.start + delta : -1;
      out[at + 4] = n.end >= 0 ? n.end + delta : -1;
      out[at + 5] = n.height;
      out[at + 6] = n.children.length;
      at += PACKED_FIELDS;
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
    }
    return out.slice(0, at);
  }

  /** The subtree `pack` wrote, in `doc`, `delta` characters later (text and range are read from `doc`). */
  static unpack(p: Int32Array, doc: NodeDoc, delta: number): SyntaxNode {
    let i = 0;
    let count = 0;
    const next = (): SyntaxNode => {
      const flags = p[i + 2];
      const n = new SyntaxNode(PACKED_NAMES[p[i]], (flags & 1) !== 0, p[i + 1] < 0 ? null : PACKED_NAMES[p[i + 1]],
        p[i + 3] >= 0 ? p[i + 3] + delta : -1, p[i + 4] >= 0 ? p[i + 4] + delta : -1, doc);
      n.hasError = (flags & 2) !== 0;
      n.isMissing = (flags & 4) !== 0;
      n.height = p[i + 5];
      count = p[i + 6];
      i += PACKED_FIELDS;
      return n;
    };
    const top = next();
    // Open nodes: each with the children it still expects and where its children start in `made` (fill's NOTE).
    const made: SyntaxNode[] = [];
    const open: { node: SyntaxNode; left: number; base: number }[] = count ? [{ node: top, left: count, base: 0 }] : [];
    while (open.length) {
      const frame = open[open.length - 1];
      if (frame.left === 0) {
        frame.node.children = made.slice(frame.base);
        made.length = frame.base;
        open.pop();
        continue;
      }
      frame.left--;
      const n = next();
      n.parent = frame.node;
      made.push(n);
      if (count) open.push({ node: n, left: count, base: made.length });
    }
    return top;
  }

  get startIndex(): number {
    if (this.start < 0) this.locateToken();
    return this.start;
  }

  get endIndex(): number {
    if (this.end < 0) this.locateToken();
    return this.end;
  }

  get text(): string {
    return (this.cachedText ??= this.doc.text.slice(this.startIndex, this.endIndex));
  }

  /** The node's range (0-based rows, UTF-16 columns), computed once. */
  get range(): Range {
    if (this.doc.anchor) return this.doc.anchor;
    if (!this.cachedRange) {
      // NOTE: lines and columns straight from the line starts, without a Point per end (every range the facts hold).
      const start = this.startIndex;
      const end = this.endIndex;
      const startLine = this.doc.lineOf(start);
      const endLine = this.doc.lineOf(end);
      const starts = this.doc.starts();
      this.cachedRange = { startLine, startColumn: start - starts[startLine], endLine, endColumn: end - starts[endLine] };
    }
    return this.cachedRange;
  }

  get startPosition(): Point {
    return this.doc.position(this.startIndex);
  }

  get endPosition(): Point {
    return this.doc.position(this.endIndex);
  }

  childForFieldName(name: string): SyntaxNode | null {
    // NOTE: an indexed loop: `for…of` allocated an iterator result per child until optimised (8 % of a cold 40k-line
    // analysis's allocation, sampled with collected objects included).
    const children = this.children;
    for (let i = 0; i < children.length; i++) if (children[i].field === name) return children[i];
    return null;
  }

  childrenForFieldName(name: string): SyntaxNode[] {
    return this.children.filter((c) => c.field === name);
  }

  get namedChildren(): SyntaxNode[] {
    return (this.named ??= namedOf(this.children));
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  namedChild(index: number): SyntaxNode | null {
    return this.namedChildren[index] ?? null;
  }

  get childCount(): number {
    return this.children.length;
  }

  child(index: number): SyntaxNode | null {
    return this.children[index] ?? null;
  }

  /** Descendants (not this node) whose type is one of `types`, in document order. */
  descendantsOfType(types: string | readonly string[]): SyntaxNode[] {
    const indexed = this.doc.indexedDescendants(this, typeof types === 'string' ? [types] : types);
    if (indexed) return indexed as SyntaxNode[];
    const single = typeof types === 'string' ? types : types.length === 1 ? types[0] : undefined;
    const out: SyntaxNode[] = [];
    const stack: SyntaxNode[] = [];
    for (let i = this.children.length - 1; i >= 0; i--) stack.push(this.children[i]);
    while (stack.length) {
      const n = stack.pop()!;
      if (single !== undefined ? n.type === single : types.includes(n.type)) out.push(n);
      const kids = n.children;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
    return out;
  }

  /**
   * Anonymous tokens are mirrored without their range (it is rarely asked for): the token's text is its type, so
   * it is found after the previous sibling (or at the parent's start).
   */
  private locateToken(): void {
    const siblings = this.parent?.children ?? [];
    const i = siblings.indexOf(this);
    const from = i > 0 ? siblings[i - 1].endIndex : this.parent?.startIndex ?? 0;
    const at = this.doc.text.indexOf(this.type, from);
    this.start = at >= 0 ? at : from;
    this.end = at >= 0 ? at + this.type.length : from;
  }
}

/**
 * A function body not mirrored yet (NodeDoc.focusedRoot): the placeholder node has the body's type, field and
 * range but no children until it is expanded.
 */
export interface DeferredBody {
  /** The function_definition, mirrored with everything but its body. */
  fn: SyntaxNode;
  body: SyntaxNode;
  native: TsNode;
}

/**
 * Copy a tree with one TreeCursor walk. Named nodes get their range; anonymous tokens only their type and field
 * (and, in a tree with errors, their range, to tell MISSING tokens). With `deferred`, function bodies are not
 * copied: each is left as a childless placeholder and listed there.
 */
function mirror(tree: Tree, doc: NodeDoc, deferred?: DeferredBody[], reuse?: SubtreeReuse): SyntaxNode {
  const copier = new Copier(doc, tree.rootNode.hasError, reuse);
  const cursor = tree.walk();
  const root = copier.make(cursor)!;
  copier.fill(cursor, root, deferred);
  if (reuse) reuse.keep(copier.freshSubtrees(), copier.exactTokens);
  return root;
}

/**
 * Subtrees kept between extractions (subtree-reuse.ts): function bodies and the declarations of namespaces and
 * classes. A subtree's mirror depends only on its text and on whether the tree has errors (exactTokens: tokens are
 * then mirrored with their ranges) once it has none in it itself.
 */
export interface SubtreeReuse {
  /**
   * A copy in `doc` of a kept subtree of the same text, type, field and parent type as `placeholder` (just made
   * from the tree, its parent set: a declaration's parse follows where it stands), or undefined.
   */
  copyOf(placeholder: SyntaxNode, exactTokens: boolean, doc: NodeDoc): SyntaxNode | undefined;
  /** Keep subtrees of a finished mirror (error-free, none inside another that can be kept). */
  keep(nodes: readonly SyntaxNode[], exactTokens: boolean): void;
}

/** Parents whose named children are kept whole (declarations of a file, a namespace, a class, a preprocessor block). */
const REUSE_PARENTS: ReadonlySet<string> = new Set([
  'translation_unit', 'declaration_list', 'field_declaration_list', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif',
  'preproc_elifdef', 'template_declaration', 'linkage_specification',
]);
/** What may stand between those parents (a namespace, a class, the declaration of a class, a function's head). */
const REUSE_SCOPES: ReadonlySet<string> = new Set([
  'namespace_definition', 'class_specifier', 'struct_specifier', 'union_specifier', 'declaration', 'field_declaration', 'function_definition',
]);
/** A shorter declaration is copied from the tree (looking it up would cost about as much). */
const REUSE_MIN_CHARS = 32;

/** Parents whose statements are kept whole (a block's, a switch case's): inside a body. */
const STATEMENT_PARENTS: ReadonlySet<string> = new Set(['compound_statement', 'case_statement']);

/**
 * A subtree that may be kept whole: a function's body, a statement of a block (or of a switch case), or a
 * declaration of a namespace, class or preprocessor block, each reached through declarations alone (not a block
 * of a table's initializer). A statement is kept for the body it stands in: a keystroke changes one statement of
 * the function typed in, whose body is then copied from the tree again, and its other statements (at every depth)
 * are found kept (issue 13: the edited function's mirror was copied whole from the tree on every keystroke).
 */
function reusable(n: SyntaxNode, parent: SyntaxNode): boolean {
  if (n.type === 'compound_statement' && n.field === 'body' && parent.type === 'function_definition') return true;
  if (STATEMENT_PARENTS.has(parent.type)) return n.field === null && n.type !== 'comment' && n.type !== 'ERROR' && n.endIndex - n.startIndex >= REUSE_MIN_CHARS;
  if (n.type === 'compound_statement') return false;
  if (!REUSE_PARENTS.has(parent.type) || n.type === 'function_definition' || n.type === 'ERROR' || n.endIndex - n.startIndex < REUSE_MIN_CHARS) return false;
  for (let p: SyntaxNode | null = parent; p; p = p.parent) if (!REUSE_PARENTS.has(p.type) && !REUSE_SCOPES.has(p.type)) return false;
  return true;
}

function isFunctionBody(n: SyntaxNode): boolean {
  return n.type === 'compound_statement' && n.field === 'body' && n.parent?.type === 'function_definition';
}

/** Fill a deferred body's placeholder with its subtree (every nested body included), as the whole tree's copy would. */
function expandBody(doc: NodeDoc, d: DeferredBody, exactTokens: boolean): void {
  const cursor = d.native.walk();
  new Copier(doc, exactTokens).fill(cursor, d.body);
}

/** A node inside an ERROR node. */
function insideError(n: SyntaxNode): boolean {
  for (let p: SyntaxNode | null = n; p; p = p.parent) if (p.type === 'ERROR') return true;
  return false;
}

// Names of the grammar's node types and fields by id, asked of the binding once per process (there is one
// grammar, C++: parse/parser.ts), not once per file or per function body.
const TYPE_NAMES: string[] = [];
const NAMED_TYPES: boolean[] = [];
const FIELD_NAMES: (string | null)[] = [null];
/**
 * By type id: an anonymous token the grammar never puts in a field (`;`, `{`, keywords). NOTE: each answer of the
 * cursor is a call into the binding; in a tree without errors the copy skips the calls whose answer the grammar
 * already gives (asking such a token its field, descending into a named token: parse/parser.ts grammarShapes).
 */
const FIELDLESS_TYPES: boolean[] = [];

/**
 * The engine's one shared copy of a string (a property key is always one). NOTE: the binding answers type and field
 * names as fresh strings; the extractor compares them with literals (`n.type === 'call_expression'`, `childForFieldName`)
 * millions of times, and two shared copies that differ are told apart by their address alone, without reading the
 * characters. Same text, so every answer is the same.
 */
function internalized(s: string): string {
  return Object.keys({ [s]: 0 })[0];
}
const NO_TYPES: ReadonlySet<string> = new Set();

class Copier {
  private readonly typeNames = TYPE_NAMES;
  private readonly namedTypes = NAMED_TYPES;
  private readonly fieldNames = FIELD_NAMES;
  /** Reusable subtrees copied from the tree, and those (copied or reused) that hold another (subtree-reuse.ts). */
  private readonly fresh: SyntaxNode[] = [];
  private readonly holders = new Set<SyntaxNode>();

  constructor(private readonly doc: NodeDoc, readonly exactTokens: boolean, private readonly reuse?: SubtreeReuse) {}

  /**
   * The reusable subtrees this mirror copied from the tree that hold no other (kept whole; the others are kept in
   * parts), and every function body copied (kept whole as well as in its statements: an unchanged body is found
   * whole, a changed one in the statements it kept).
   */
  freshSubtrees(): SyntaxNode[] {
    return this.fresh.filter((n) => !n.hasError && (!this.holders.has(n) || (isFunctionBody(n) && !this.partlyKept.has(n))));
  }

  /**
   * Function bodies copied with some of their statements found kept: edited since (the function typed in), so their
   * text is not worth keeping whole again (it changes with the next keystroke); their statements are kept.
   */
  private readonly partlyKept = new Set<SyntaxNode>();

  /** A kept statement was found: the body around it is one typed in. */
  private keptIn(n: SyntaxNode): void {
    for (let p = n.parent; p; p = p.parent) {
      if (!isFunctionBody(p)) continue;
      this.partlyKept.add(p);
      return;
    }
  }

  /** A reusable subtree was met: the reusable subtree around it, if any, is kept in parts. */
  private met(n: SyntaxNode): void {
    for (let p = n.parent; p; p = p.parent) {
      if (this.holders.has(p)) return;
      if (p.parent && reusable(p, p.parent)) {
        this.holders.add(p);
        return;
      }
    }
  }

  /**
   * A copy of a kept subtree of the same text, for `placeholder` (made from the cursor's node). In a tree with
   * errors, only where the cursor's node has none (asked of the native node: the kept one had none).
   */
  private reused(placeholder: SyntaxNode, cursor: TreeCursor): SyntaxNode | undefined {
    if (this.exactTokens && cursor.currentNode.hasError) return undefined;
    return this.reuse!.copyOf(placeholder, this.exactTokens, this.doc);
  }

  make(cursor: TreeCursor): SyntaxNode | null {
    const typeId = cursor.nodeTypeId;
    let type = this.typeNames[typeId];
    if (type === undefined) {
      type = this.typeNames[typeId] = internalized(cursor.nodeType);
      const named = (this.namedTypes[typeId] = cursor.nodeIsNamed);
      const shapes = grammarShapes();
      FIELDLESS_TYPES[typeId] = !!shapes && !named && !shapes.fieldTokens.has(type);
    }
    const named = this.namedTypes[typeId];
    const exactTokens = this.exactTokens;
    if (!named && !exactTokens && FIELDLESS_TYPES[typeId]) return KEPT_TOKENS.has(type) ? new SyntaxNode(type, false, null, -1, -1, this.doc) : null;
    // The binding answers `undefined` (not 0) for a node that fills no field.
    const fieldId = cursor.currentFieldId ?? 0;
    let field = this.fieldNames[fieldId];
    if (field === undefined) {
      const name = cursor.currentFieldName;
      field = this.fieldNames[fieldId] = name === undefined || name === null ? null : internalized(name);
    }
    if (!named && !exactTokens) return field === null && !KEPT_TOKENS.has(type) ? null : new SyntaxNode(type, false, field, -1, -1, this.doc);
    const node = new SyntaxNode(type, named, field, cursor.startIndex, cursor.endIndex, this.doc);
    if (exactTokens && node.startIndex === node.endIndex && cursor.nodeIsMissing) node.isMissing = true;
    if (type === 'ERROR' || node.isMissing) node.hasError = true;
    return node;
  }

  /** Copy the descendants of the cursor's node under `top` (iterative: deep nests must not overflow the stack). */
  fill(cursor: TreeCursor, top: SyntaxNode, deferred?: DeferredBody[]): void {
    // The open nodes, with where each one's children start in `made` (the children of all open nodes so far, the
    // innermost node's last). NOTE (issue 12): a closed node's children are copied out of `made` into an array of
    // their exact number; an array per node grown by `push` kept room for 17 (190 bytes for 2.3 children on average,
    // a third of a 40,000-line file's mirror).
    const nodes: SyntaxNode[] = [];
    const bases: number[] = [];
    const made: SyntaxNode[] = [];
    const exactTokens = this.exactTokens;
    const leaves = grammarShapes()?.leaves ?? NO_TYPES;
    let node = top;
    let base = 0;
    if (!cursor.gotoFirstChild()) return;
    for (;;) {
      let child = this.make(cursor);
      let open = false;
      if (child?.type === 'initializer_list' && !exactTokens && numberTable(this.doc.text, child.startIndex, child.endIndex)) {
        child = new SyntaxNode(NUMBER_TABLE, true, child.field, child.startIndex, child.endIndex, this.doc);
      }
      if (child) {
        child.parent = node;
        const candidate = !!this.reuse && child.isNamed && reusable(child, node);
        const kept = candidate ? this.reused(child, cursor) : undefined;
        if (kept) {
          child = kept;
          child.parent = node;
        }
        made.push(child);
        if (candidate) {
          this.met(child);
          if (!kept) this.fresh.push(child);
          else if (!isFunctionBody(child)) this.keptIn(child);
        }
        if (!kept && child.isNamed && (exactTokens || (!leaves.has(child.type) && !isOpaque(child)))) {
          if (deferred && child.field === 'body' && child.type === 'compound_statement' && node.type === 'function_definition') {
            const native = cursor.currentNode;
            if (!exactTokens || (!native.parent?.hasError && !insideError(node))) deferred.push({ fn: node, body: child, native });
            else open = true;
          } else open = true;
        }
      }
      if (open && cursor.gotoFirstChild()) {
        nodes.push(node);
        bases.push(base);
        node = child!;
        base = made.length;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        node.children = made.slice(base);
        made.length = base;
        if (node.type === 'comma_expression' && node.parent?.type !== 'comma_expression') flattenCommaChain(node);
        let height = -1;
        for (const k of node.children) {
          if (k.hasError) node.hasError = true;
          if (k.height > height) height = k.height;
        }
        node.height = height + 1;
        if (!cursor.gotoParent() || nodes.length === 0) return;
        node = nodes.pop()!;
        base = bases.pop()!;
      }
    }
  }
}

/**
 * `a, b, c, …` parses right-nested (`a, (b, (c, …))`): one syntax level per operand. A data table whose braces the
 * preprocessor hid (`{` inside `#if 0`, shader bytecode in vkd3d-proton's tests) is then a chain 1,700+ levels deep,
 * past the nesting limit, and its whole function went unanalysed. The mirror makes the chain one n-ary node (the
 * operands and commas in order, each operand keeping its field), iteratively, when the chain's head is closed.
 */
function flattenCommaChain(head: SyntaxNode): void {
  if (!head.children.some((c) => c.type === 'comma_expression')) return;
  const flat: SyntaxNode[] = [];
  const pending: SyntaxNode[] = [...head.children].reverse();
  while (pending.length) {
    const c = pending.pop()!;
    if (c.type === 'comma_expression') {
      for (let i = c.children.length - 1; i >= 0; i--) pending.push(c.children[i]);
      continue;
    }
    c.parent = head;
    flat.push(c);
  }
  head.children = flat;
}

/**
 * A brace list of HUGE_TABLE characters or more holding numbers alone (generated data: a 1 MB blue-noise sampler table,
 * compiled shader bytecode), copied as one leaf of this type, which no part of the extractor reads: the variable it
 * initialises has unknown values, as one initialised by a call. NOTE: Hybrid-Shadows' nine 1 MB tables (a quarter
 * million numbers each) cost more than half of their file's CPU (1.50 s; 0.65 s with the leaf) in this copy and in
 * evaluating them as constant tables; no barrier, state or count of a D3D12 call is read from such a table, and it
 * names nothing.
 */
export const NUMBER_TABLE = 'number_table';
const HUGE_TABLE = 65_536;
/** A number literal (decimal, hex, float, with suffixes and digit separators), for numberTable. */
const NUMBER_LITERALS = /(?<![\w.])(?:\d|\.\d)[\w.']*/g;

/** Whether text[start, end) is a brace list of HUGE_TABLE characters or more whose only words are number literals. */
function numberTable(text: string, start: number, end: number): boolean {
  if (end - start < HUGE_TABLE) return false;
  return !/[A-Za-z_"'/#]/.test(text.slice(start, end).replace(NUMBER_LITERALS, ''));
}

/** Subtrees the extractor only reads as text: copied as leaves. */
const OPAQUE: ReadonlySet<string> = new Set([
  NUMBER_TABLE, 'template_argument_list', 'string_literal', 'raw_string_literal', 'char_literal', 'concatenated_string', 'type_descriptor',
  'preproc_include', 'lambda_capture_specifier', 'attribute_declaration', 'attribute_specifier', 'ms_declspec_modifier',
]);
const SPECIFIERS: ReadonlySet<string> = new Set(['class_specifier', 'struct_specifier', 'union_specifier', 'enum_specifier']);

/** A declared type (`std::vector<T>`, `const ID3D12Resource*`) is read as text; a class body in it is not. */
function isOpaque(n: SyntaxNode): boolean {
  return OPAQUE.has(n.type) || (n.field === 'type' && !SPECIFIERS.has(n.type));
}

/**
 * Whether the whole mirror of a tree without syntax errors (NodeDoc.root) leaves out tree-sitter's node `n`: a node
 * inside a subtree the mirror copies as a leaf (isOpaque; a number table holds no names, so none of the nodes a reader
 * of names asks for). A tree with errors is copied whole. For readers of tree-sitter's own nodes that must see what
 * the mirror's readers see (extract/sealed-swap-chains.ts). A node fills its parent's `type` field when its range is
 * that field's (siblings never overlap, and `n` lies inside it); no node type of the grammar has two `type` children.
 */
export function outsideMirror(n: Pick<TsNode, 'parent'>): boolean {
  for (let c = n.parent; c; c = c.parent) {
    if (OPAQUE.has(c.type)) return true;
    if (SPECIFIERS.has(c.type)) continue;
    const t = c.parent?.childForFieldName('type');
    if (t && t.startIndex === c.startIndex && t.endIndex === c.endIndex) return true;
  }
  return false;
}
