// Members one per-frame method alone moves (track/frame-invariant.ts checks that the method leaves them in the state
// its own first barrier names). A member qualifies when the file creates it (settled-members.ts createdNames), declares
// it in a class or struct it defines (ownFields: a header's class may hand the member out through inline methods the
// file does not see), and every mention of its name that could move it (settled-members.ts quietMention says which
// cannot), outside the functions creating it (the state restarts at a creation, whatever the creating function does
// next), lies in one function definition that
//  - tests and indexes with none of its parameters (a method indexing members with a parameter, called several
//    times a frame with other values from other files, is not the same call each time; sameEveryCall),
//  - names a barrier (`…Barrier…`, `…Transition…`) in its text, and
//  - tests no member it assigns itself (`if (!m_done) { …; m_done = true; }`, `m_pp[m_frame % 2]` with `m_frame++`):
//    which branch or element runs depends on the earlier calls, so one call's exit is not the next call's entry.
// A mention in a lambda, or outside any function, is never that method's; a name assigned, swapped or moved to or
// from another name anywhere is never a frame member (its state follows the object).
// `frameScope` is what the language server needs to know which edits can change these answers (lsp/frame-scope.ts).
import type { Range } from '../types';
import type { SyntaxNode } from './node';
import { classBodies, definedName, definitionDeclarator, rangeOf } from './syntax';
import { CREATION_TEXT, createdNames, quietMention } from './settled-members';
import { type FrameHeaderQuery, ownerClass, type PendingFrameMember, quotedIncludes } from './header-frame-members';

export const BARRIER_TOKEN = /Barrier|Transition/;

/** A member `name` only the method defined at `method` moves. */
export interface FrameMember {
  name: string;
  method: Range;
}

/** What decides the frame members, for the language server to know which edits can change them (lsp/frame-scope.ts). */
export interface FrameScope {
  /** The created members nothing moves (no mention that can move them outside the functions creating them). */
  unmoved: string[];
  /**
   * Per definition holding a mention of a created member that can move it (outside the functions creating it): the
   * members (`names`), and those it alone moves with no assignment or swap of them elsewhere (`alone`).
   */
  movers: { range: Range; names: string[]; alone: string[] }[];
  /** Per created member, the unqualified names of the functions creating it. */
  makers: Record<string, string[]>;
  /**
   * The created members a function creating them also holds a moving mention of (a barrier after the creation, a
   * helper handed it): their state when the creating function returns is not the creation's (track/frame-invariant.ts
   * firstCalls).
   */
  remade?: string[];
}

function enclosingDefinition(n: SyntaxNode): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'lambda_expression') return null;
    if (p.type === 'function_definition') return p;
  }
  return null;
}

/** The parameter names of a definition, or undefined when its parameter list is not read. */
function parameterNames(def: SyntaxNode): string[] | undefined {
  const params = definitionDeclarator(def)?.childForFieldName('parameters');
  if (!params) return undefined;
  const out: string[] = [];
  for (const p of params.namedChildren) {
    if (p.type === 'comment' || p.text.trim() === 'void') continue;
    let n: SyntaxNode | null = p.childForFieldName('declarator');
    while (n && n.type !== 'identifier') n = n.childForFieldName('declarator') ?? n.namedChildren.find((c) => c.type === 'identifier' || /declarator$/.test(c.type)) ?? null;
    if (!n && p.type !== 'parameter_declaration') return undefined;
    if (n) out.push(n.text);
  }
  return out;
}

/**
 * Whether every call of the definition is the same call as far as its members go: no parameter is tested, indexes
 * anything or picks a branch (`bindRenderPass(readSlot, slot)` indexing member arrays, called several times a
 * frame with other slots, is not). A parameter only handed on (the command list) is the same on every call.
 */
export function sameEveryCall(def: SyntaxNode): boolean {
  const names = parameterNames(def);
  const body = def.childForFieldName('body');
  if (!names || !body) return false;
  if (names.length === 0) return true;
  const own = new Set(names);
  return !body.descendantsOfType('identifier').some((id) => own.has(id.text) && inTestOrIndex(id, body));
}

const rootName = (n: SyntaxNode | null): string | undefined =>
  n ? /^(?:this\s*->\s*)?([A-Za-z_]\w*)/.exec(n.text)?.[1] : undefined;

/** Names the body declares (locals, loop variables): their writes and tests are the call's own. */
function declaredNames(body: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const d of body.descendantsOfType(['declaration', 'for_range_loop', 'condition_clause'])) {
    for (const c of d.namedChildren) {
      if (c.type === 'init_declarator' || /declarator$/.test(c.type) || c.type === 'identifier') {
        let n: SyntaxNode | null = c;
        while (n && n.type !== 'identifier') n = n.childForFieldName('declarator') ?? n.namedChildren[0] ?? null;
        if (n) out.add(n.text);
      }
    }
  }
  return out;
}

/** Whether `n` lies in a test or an index of the body (a condition, a `?:` test, a loop test, a subscript). */
function inTestOrIndex(n: SyntaxNode, body: SyntaxNode): boolean {
  for (let c: SyntaxNode = n, p = n.parent; p && c !== body; c = p, p = p.parent) {
    if (p.type === 'condition_clause' || p.type === 'subscript_argument_list') return true;
    if ((p.type === 'conditional_expression' || p.type === 'for_statement' || p.type === 'while_statement' || p.type === 'do_statement')
      && p.childForFieldName('condition') === c) return true;
    if (p.type === 'subscript_expression' && p.childForFieldName('index') === c) return true;
  }
  return false;
}

/** Whether the body tests or indexes with a value that outlives the call and that it assigns itself. */
export function testsWhatItSets(def: SyntaxNode): boolean {
  const body = def.childForFieldName('body');
  if (!body) return true;
  const own = declaredNames(body);
  const assigned = new Set<string>();
  for (const a of body.descendantsOfType(['assignment_expression', 'update_expression'])) {
    const target = a.type === 'assignment_expression' ? a.childForFieldName('left') : a.childForFieldName('argument');
    const name = rootName(target);
    if (name && !own.has(name)) assigned.add(name);
  }
  if (assigned.size === 0) return false;
  return body.descendantsOfType(['identifier', 'field_identifier']).some((id) => assigned.has(id.text) && inTestOrIndex(id, body));
}

/** Whether `id` is an argument of a resource creation call (the name it creates). */
export function inCreation(id: SyntaxNode): boolean {
  for (let p = id.parent; p && !/statement$|^declaration$/.test(p.type); p = p.parent) {
    if (p.type === 'call_expression' && CREATION_TEXT.test(p.childForFieldName('function')?.text ?? '')) return true;
  }
  return false;
}

/**
 * Whether a mention hands the name's object to another name: an assignment (`m_cur = m_tex`, `m_a = std::move(m_b)`)
 * or a swap (`std::swap(m_read, m_write)`, `m_read.Swap(m_write)`). The state then follows the object, not the name.
 */
function exchanges(id: SyntaxNode): boolean {
  for (let c: SyntaxNode = id, p = id.parent; p && !/statement$|^declaration$/.test(p.type); c = p, p = p.parent) {
    if (p.type === 'call_expression') {
      const f = p.childForFieldName('function');
      // `m_tex.Get()` / `m_read.Swap(m_write)`: a method of the object itself, or a call the object is handed to.
      if (/^(?:swap|Swap|exchange|move)$/.test(/([A-Za-z_]\w*)\s*$/.exec(f?.text ?? '')?.[1] ?? '')) return true;
      if (f !== c) return false;
      continue;
    }
    if (p.type === 'initializer_list') return false;
    if (p.type === 'assignment_expression') return !/pResource\w*$/.test(p.childForFieldName('left')?.text ?? '');
    if (p.type === 'init_declarator') return true;
  }
  return false;
}

/**
 * The names declared as members of a class or struct the file defines. A member of a class declared elsewhere (a
 * header) may be handed out by that header's inline methods to other files (a getter): its movers are not all seen.
 */
function ownFields(root: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const fd of root.descendantsOfType('field_declaration')) {
    for (const c of fd.namedChildren) {
      let n: SyntaxNode | null = c;
      while (n && n.type !== 'field_identifier' && /declarator$/.test(n.type)) n = n.childForFieldName('declarator') ?? n.namedChildren[0] ?? null;
      if (n?.type === 'field_identifier') out.add(n.text);
    }
  }
  return out;
}

/** The file's frame members and frame scope (see the header). */
export function frameMembersOf(root: SyntaxNode, text: string): { frameMembers?: FrameMember[]; frameScope?: FrameScope; frameHeader?: FrameHeaderQuery } {
  if (!CREATION_TEXT.test(text)) return {};
  const created = createdNames(root);
  if (created.size === 0) return {};
  // Per created name: the definitions holding a mention that can move it (null: one outside any definition, or in a
  // lambda), and those creating it (what a creating function does after the creation is where the state restarts).
  const movers = new Map<string, Set<SyntaxNode | null>>();
  const makers = new Map<string, Set<SyntaxNode>>();
  const exchanged = new Map<string, Set<SyntaxNode | null>>();
  for (const id of root.descendantsOfType(['identifier', 'field_identifier'])) {
    if (!created.has(id.text)) continue;
    const def = enclosingDefinition(id);
    if (def && inCreation(id)) makers.set(id.text, (makers.get(id.text) ?? new Set()).add(def));
    if (quietMention(id)) continue;
    if (exchanges(id)) exchanged.set(id.text, (exchanged.get(id.text) ?? new Set<SyntaxNode | null>()).add(def));
    movers.set(id.text, (movers.get(id.text) ?? new Set<SyntaxNode | null>()).add(def));
  }
  const fields = ownFields(root);
  const candidates: FrameMember[] = [];
  // Members that would be candidates were they fields of the out-of-class method's class, declared elsewhere.
  const pending: PendingFrameMember[] = [];
  let classes: Set<string> | undefined;
  const byDef = new Map<SyntaxNode, { names: string[]; alone: string[] }>();
  for (const [name, defs] of movers) {
    const others = [...defs].filter((d) => !d || !makers.get(name)?.has(d));
    for (const d of others) {
      if (!d) continue;
      const entry = byDef.get(d) ?? { names: [], alone: [] };
      entry.names.push(name);
      if (others.length === 1 && fields.has(name) && ![...exchanged.get(name) ?? []].some((x) => x !== d)) entry.alone.push(name);
      byDef.set(d, entry);
    }
    if (others.length !== 1 || exchanged.has(name)) continue;
    const def = others[0];
    if (!def || !sameEveryCall(def) || !BARRIER_TOKEN.test(def.text) || testsWhatItSets(def)) continue;
    if (fields.has(name)) {
      candidates.push({ name, method: rangeOf(def) });
      continue;
    }
    const cls = ownerClass(definitionDeclarator(def)?.childForFieldName('declarator'), text);
    classes ??= classBodies(root);
    if (cls && !classes.has(cls)) pending.push({ name, method: rangeOf(def), cls });
  }
  candidates.sort((a, b) => a.name.localeCompare(b.name));
  const moverList = [...byDef].map(([d, e]) => ({ range: rangeOf(d), names: e.names.sort(), alone: e.alone.sort() }))
    .sort((a, b) => a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn);
  const unmoved = [...created].filter((n) => ![...movers.get(n) ?? []].some((d) => !d || !makers.get(n)?.has(d))).sort();
  const makerNames: Record<string, string[]> = {};
  for (const [name, defs] of makers) makerNames[name] = [...new Set([...defs].map((d) => definedName(d) ?? ''))].filter(Boolean).sort();
  const remade = [...created].filter((n) => [...movers.get(n) ?? []].some((d) => !!d && !!makers.get(n)?.has(d))).sort();
  pending.sort((a, b) => a.name.localeCompare(b.name));
  return {
    ...(candidates.length ? { frameMembers: candidates } : {}),
    frameScope: { unmoved, movers: moverList, makers: makerNames, ...(remade.length ? { remade } : {}) },
    ...(pending.length ? { frameHeader: { pending, includes: quotedIncludes(root) } } : {}),
  };
}
