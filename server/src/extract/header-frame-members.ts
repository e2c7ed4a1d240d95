// Frame members of a class declared in a header (issue 10): real renderers declare their class in `Renderer.h` and
// define `void Renderer::Render() {…}` in Renderer.cpp, so the .cpp alone cannot tell its members from other names
// (extract/frame-members.ts ownFields). The two halves meet in a multi-file run (cli/cross-file.ts) or the editor's
// workspace index (track/workspace.ts):
//  - a .cpp gives the members that would be frame members were they fields of the class whose method moves them
//    (`pending`: every other condition of frame-members.ts holds, the method is an out-of-class `C::M`, the file does
//    not define C), and the headers it includes by a quoted path;
//  - every file gives, per class body it defines (`frameClasses`), the fields nothing but the class's own methods can
//    reach and that the file itself never mentions again: private fields (a `class` before any access specifier, or
//    after `private:`) of a class with no `friend`, whose name occurs once as a word in the whole text (its
//    declaration). An inline getter handing the member out (`ID3D12Resource* GetUIRenderTarget() { return
//    m_uiRenderTarget.Get(); }`), an inline method moving it, an initializer, a macro or a comment naming it again:
//    the word occurs twice, and it is no such field.
// A pending member becomes a frame member when the header its file includes (by the path relative to the .cpp, else
// by the path's tail, one file only) defines the class once with the member among those fields, and no file of the
// run or workspace but the .cpp and that header defines methods of a class of that name. Anything else is silence: a
// header the run does not hold, a class defined twice, a public member (other files may move it), a method of the class
// in a third file.
import type { Range } from '../types';
import type { SyntaxNode } from './node';

/** A member the file's out-of-class method `cls::…` alone moves, a frame member if class `cls` declares it (see the header). */
export interface PendingFrameMember {
  name: string;
  method: Range;
  cls: string;
  /**
   * A swap-chain array to seal (extract/sealed-swap-chains.ts), not a frame member: a private field of a class whose
   * only friend is a template of the class itself (`friend class Singleton<Renderer>`) counts too (FrameClass.befriended).
   */
  sealing?: true;
}

/** What a .cpp asks of the headers: its pending members and the paths of its quoted includes. */
export interface FrameHeaderQuery {
  pending: PendingFrameMember[];
  includes: string[];
}

/** A class body of a file with the fields only its own methods can reach (see the header). */
export interface FrameClass {
  cls: string;
  fields: string[];
  /**
   * The fields that would be among `fields` were it not for the class's friends, when each friend is a template of the
   * class itself (`friend class SingletonBase<GraphicsManager>`, a CRTP base): asked only for arrays to seal.
   */
  befriended?: string[];
}

/** What the run knows of one other file: its classes with their private fields, and the classes it defines methods of. */
export interface FrameClassFile {
  uri: string;
  frameClasses?: readonly FrameClass[];
  methodClasses?: readonly string[];
}

/**
 * The class an out-of-class definition `C::M` / `ns::C::M` belongs to (its last plain scope), or undefined; `text` is
 * the document's (the mirror's, or the text tree-sitter's nodes are read from: see ClassTreeNode).
 */
export function ownerClass(declarator: ClassTreeNode | null | undefined, text: string): string | undefined {
  let d = declarator ?? null;
  let cls: string | undefined;
  while (d?.type === 'qualified_identifier') {
    const scope = d.childForFieldName('scope');
    cls = scope?.type === 'namespace_identifier' || scope?.type === 'type_identifier' ? textOf(scope, text) : undefined;
    d = d.childForFieldName('name');
  }
  return d && cls ? cls : undefined;
}

const CLASS_TYPES = ['class_specifier', 'struct_specifier'];

/**
 * What frameClassesOf reads of a tree: the extractor's mirror or tree-sitter's own nodes (a focused extraction has no
 * whole mirror, and copying the whole tree into one only for the class bodies cost 3 % of a cold lint of a 40,000-line
 * file). Texts are read from the document's text by range, as the mirror reads them.
 */
export interface ClassTreeNode {
  readonly type: string;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly namedChildren: readonly ClassTreeNode[];
  childForFieldName(field: string): ClassTreeNode | null;
  descendantsOfType(types: string[]): ClassTreeNode[];
}

/** The field names a member declaration declares (not a method's prototype). */
function declaredFields(fd: ClassTreeNode, text: string): string[] {
  const out: string[] = [];
  for (const c of fd.namedChildren) {
    let n: ClassTreeNode | null = c;
    while (n && n.type !== 'field_identifier' && /declarator$/.test(n.type) && n.type !== 'function_declarator') n = n.childForFieldName('declarator') ?? n.namedChildren[0] ?? null;
    if (n?.type === 'field_identifier') out.push(textOf(n, text));
  }
  return out;
}

const textOf = (n: ClassTreeNode, text: string): string => text.slice(n.startIndex, n.endIndex);

/**
 * How often `word` occurs as a word in the file's text, up to two (`counts` keeps the answers): comments, strings and
 * preprocessor text count too, so a `#define` getter naming the member takes it away like an inline one.
 */
function wordCount(text: string, word: string, counts: Map<string, number>): number {
  let n = counts.get(word);
  if (n === undefined) counts.set(word, (n = countUpToTwo(text, new RegExp(`\\b${word}\\b`, 'g'))));
  return n;
}

/**
 * The matches of the global expression `re` in `text` (as `text.match(re)` counts them), counted up to two: only one
 * match or more is asked. NOTE (issue 12): a member's name is usually met again near its declaration; counting every
 * mention read the whole file once per private field.
 */
function countUpToTwo(text: string, re: RegExp): number {
  let n = 0;
  while (n < 2) {
    const m = re.exec(text);
    if (!m) break;
    n++;
    if (m[0].length === 0) re.lastIndex++;
  }
  return n;
}

/**
 * The file's class bodies with the fields only their own methods reach and the file names once (see the header).
 * `root`: the whole tree (the mirror, or tree-sitter's root node), parsed from `text`.
 */
export function frameClassesOf(root: ClassTreeNode, text: string): FrameClass[] {
  const bodies = root.descendantsOfType(CLASS_TYPES).filter((c) => c.childForFieldName('name')?.type === 'type_identifier' && c.childForFieldName('body'));
  if (bodies.length === 0) return [];
  let counts: Map<string, number> | undefined;
  const out: FrameClass[] = [];
  for (const c of bodies) {
    const body = c.childForFieldName('body')!;
    const fields: string[] = [];
    let priv = c.type === 'class_specifier';
    let friend = false;
    let selfFriends = true;
    const cls = textOf(c.childForFieldName('name')!, text);
    for (const m of body.namedChildren) {
      if (m.type === 'access_specifier') priv = textOf(m, text).trim() === 'private';
      else if (m.type === 'friend_declaration') {
        friend = true;
        if (!new RegExp(`^friend\\s+(?:class\\s+|struct\\s+)?[\\w:]+\\s*<\\s*(?:[\\w:]+::)?${cls}\\s*>\\s*;$`).test(textOf(m, text).trim())) selfFriends = false;
      }
      else if (m.type === 'field_declaration' && priv && !/^\s*static\b/.test(textOf(m, text))) fields.push(...declaredFields(m, text));
    }
    const once = fields.filter((f) => wordCount(textOf(root, text), f, counts ??= new Map()) === 1).sort();
    if (!friend) out.push({ cls, fields: once });
    else out.push({ cls, fields: [], ...(selfFriends && once.length ? { befriended: once } : {}) });
  }
  // Only a file with such a field gives its classes (each of them: a class defined twice there is no one class).
  return out.some((c) => c.fields.length || c.befriended?.length) ? out : [];
}

/** The paths of the file's quoted includes. */
export function quotedIncludes(root: SyntaxNode): string[] {
  const out: string[] = [];
  // NOTE: read as text, the extractor's copy of the tree keeps an include as a leaf (node.ts OPAQUE).
  for (const inc of root.descendantsOfType('preproc_include')) {
    const path = /^#\s*include\s*"([^"\n]+)"/.exec(inc.text)?.[1];
    if (path) out.push(path);
  }
  return out;
}

/** A path or URI in one spelling: forward slashes, `.` and `..` segments resolved, the scheme kept. */
function normalized(path: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(path)?.[0] ?? '';
  const parts: string[] = [];
  for (const seg of path.slice(scheme.length).replace(/\\/g, '/').split('/')) {
    if (seg === '.') continue;
    if (seg === '..' && parts.length > 1 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(seg);
  }
  return scheme + parts.join('/');
}

const dirOf = (uri: string): string => normalized(uri).replace(/\/[^/]*$/, '');

/** The file of `files` the include `path` of `uri` names: relative to the file, else by its tail, one file only. */
function includedFile(uri: string, path: string, files: readonly FrameClassFile[]): FrameClassFile | undefined {
  const exact = normalized(`${dirOf(uri)}/${path}`);
  const found = files.find((f) => normalized(f.uri) === exact);
  if (found) return found;
  const tail = `/${normalized(path).replace(/^(?:\.\.\/)+/, '')}`;
  const byTail = files.filter((f) => normalized(f.uri).endsWith(tail));
  return byTail.length === 1 ? byTail[0] : undefined;
}

const lastScope = (cls: string): string => cls.split('::').pop()!;

/** The pending members of `uri` the run's headers make frame members (see the header). */
export function headerFrameMembers(uri: string, query: FrameHeaderQuery | undefined, files: readonly FrameClassFile[]): { name: string; method: Range }[] {
  if (!query?.pending.length) return [];
  const others = files.filter((f) => normalized(f.uri) !== normalized(uri));
  const headers = query.includes.map((p) => includedFile(uri, p, others)).filter((f): f is FrameClassFile => !!f);
  const out: { name: string; method: Range }[] = [];
  for (const m of query.pending) {
    const defining = headers.filter((h) => (h.frameClasses ?? []).some((c) => c.cls === m.cls));
    if (new Set(defining).size !== 1) continue;
    const header = defining[0];
    const bodies = (header.frameClasses ?? []).filter((c) => c.cls === m.cls);
    if (bodies.length !== 1 || !(bodies[0].fields.includes(m.name) || (m.sealing && bodies[0].befriended?.includes(m.name)))) continue;
    if (others.some((f) => f !== header && (f.methodClasses ?? []).some((c) => lastScope(c) === m.cls))) continue;
    out.push({ name: m.name, method: m.method });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
