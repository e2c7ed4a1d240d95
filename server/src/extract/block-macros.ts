// Recording macros with a statement body: `#define TRANSITION(cl, res, a, b) do { D3D12_RESOURCE_BARRIER b_ = …;
// (cl)->ResourceBarrier(1, &b_); } while (0)` (or a plain `{ … }` block), or with one member call as the body:
// `#define REC(cl, b) (cl)->ResourceBarrier(1, &(b))` (a body that calls a function is forwarding-macros.ts's). A macro's body is text to the grammar, so its
// barrier is no call site and a call of the macro is an unknown call. Each such macro is read as the function it
// stands for, `void TRANSITION(auto cl, auto res, auto a, auto b) { <body> }`, parsed from a text of the file's length
// in which the body keeps its own offsets (everything else is blank and the head is laid into the blank text before
// it): its nodes, ranges and positions are those of the macro in the file. A call of the macro is then a call of a
// helper of the file, evaluated with the call's arguments (forwarding-macros.ts does the same for one-call bodies).
import { parseCpp } from '../parse/parser';
import { NodeDoc, type SyntaxNode } from './node';

/** A statement body: `do { … } while (0)` or `{ … }`, with a barrier recorded in it. */
const BLOCK_BODY = /^\s*(?:do\s*)?\{[\s\S]*\}\s*(?:while\s*\(\s*0\s*\)\s*)?;?\s*$/;
const RECORDS_BARRIER = /\b(?:\w+_)?(?:ResourceBarrier|Barrier)\s*\(/;
/** An expression body that is one member call recording barriers: `(cl)->ResourceBarrier(1, &(b))`, `list.Barrier(n, g)`. */
const MEMBER_CALL_BODY = /^\s*\(*\s*\w+\s*\)*\s*(?:->|\.)\s*(?:ResourceBarrier|Barrier)\s*\([^;{}]*\)\s*\)*\s*$/;

/** The text with every character outside [start, end) blanked, newlines kept (offsets and rows stay). */
function blankOutside(text: string, start: number, end: number): string[] {
  const out = new Array<string>(text.length);
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    out[i] = ch === '\n' || ch === '\r' ? ch : i >= start && i < end ? ch : ' ';
  }
  // The body's line continuations are blanks in the function.
  for (let i = start; i < end; i++) if (text[i] === '\\' && /^\r?\n/.test(text.slice(i + 1, i + 3))) out[i] = ' ';
  return out;
}

/** Lay `tokens` into the blank text before `limit`, each token on one line, one blank between tokens; false when they do not fit. */
function layTokens(out: string[], tokens: readonly string[], limit: number): boolean {
  let pos = 0;
  for (const tok of tokens) {
    for (;;) {
      let run = 0;
      while (pos + run < limit && out[pos + run] === ' ' && run < tok.length + 1) run++;
      if (run >= tok.length + 1) break;
      pos += run + 1;
      if (pos >= limit) return false;
    }
    for (let k = 0; k < tok.length; k++) out[pos + k] = tok[k];
    pos += tok.length + 1;
  }
  return true;
}

/**
 * The head `void NAME(auto a, auto b) {` as tokens (a parameter of `types` gets that type); undefined for a variadic or
 * parameterless macro.
 */
function headTokens(type: string, name: string, params: readonly string[], types: ReadonlyMap<string, string> = new Map()): string[] | undefined {
  if (params.length === 0 || params.some((p) => !/^\w+$/.test(p))) return undefined;
  const tokens = [type, `${name}(`];
  params.forEach((p, i) => tokens.push(types.get(p) ?? 'auto', `${p}${i === params.length - 1 ? ')' : ','}`));
  tokens.push('{');
  return tokens;
}

/** A macro's name, parameters and body text (line continuations read as blanks); undefined for an object-like macro. */
export function macroParts(def: SyntaxNode): { name: string; value: SyntaxNode; params: string[]; body: string } | undefined {
  const name = def.childForFieldName('name')?.text;
  const value = def.childForFieldName('value');
  const paramsNode = def.childForFieldName('parameters');
  if (!name || !value || !paramsNode) return undefined;
  const params = paramsNode.text.replace(/^\(|\)$/g, '').split(',').map((p) => p.trim()).filter(Boolean);
  return { name, value, params, body: value.text.replace(/\\\r?\n/g, ' ') };
}

/**
 * The function a macro stands for, parsed in place (see the file comment): `type NAME(auto a, …) { lead <body> tail }`,
 * where `lead` is laid before the body (`return` for a value macro) and `tail` after it. Undefined when it does not read
 * as one function.
 */
export function macroAsFunction(def: SyntaxNode, text: string, shape: { type: string; lead: readonly string[]; tail: readonly string[]; types?: ReadonlyMap<string, string> }): SyntaxNode | undefined {
  const parts = macroParts(def);
  if (!parts) return undefined;
  const { value } = parts;
  // Typed parameters need more room before the body; without it (a macro in the first line of a file) the head says
  // `auto` and the types are kept aside for the function's signature (`declaredParamTypes`).
  for (const types of shape.types?.size ? [shape.types, undefined] : [undefined]) {
    const head = headTokens(shape.type, parts.name, parts.params, types);
    if (!head) return undefined;
    const out = blankOutside(text, value.startIndex, value.endIndex);
    if (!layTokens(out, [...head, ...shape.lead], value.startIndex)) continue;
    const fn = parsedInPlace(out, value.endIndex, shape.tail);
    if (fn && !types && shape.types?.size) untypedHeads.set(fn, shape.types);
    return fn;
  }
  return undefined;
}

/** Macro functions parsed with `auto` parameters for want of room, with the types their parameters stand for. */
const untypedHeads = new WeakMap<SyntaxNode, ReadonlyMap<string, string>>();

/** The type a macro function's parameter stands for when its head could only say `auto` (undefined otherwise). */
export function declaredParamType(fn: SyntaxNode, param: string): string | undefined {
  return untypedHeads.get(fn)?.get(param);
}

/** The laid-out text with `tail` written into the blanks after the body, parsed: its one function, or undefined. */
function parsedInPlace(out: string[], bodyEnd: number, tail: readonly string[]): SyntaxNode | undefined {
  let close = bodyEnd;
  for (const ch of tail) {
    while (close < out.length && out[close] !== ' ') close++;
    if (close < out.length) out[close] = ch;
    else out.push(ch);
  }
  const synthetic = out.join('');
  const tree = parseCpp(synthetic);
  if (tree.rootNode.hasError) return undefined;
  const fns = new NodeDoc(synthetic).root(tree).descendantsOfType('function_definition');
  return fns.length === 1 ? fns[0] : undefined;
}

/** The function a block macro stands for, parsed in place (see the file comment); undefined when it does not read as one. */
function macroFunction(def: SyntaxNode, text: string): SyntaxNode | undefined {
  const parts = macroParts(def);
  if (!parts || !RECORDS_BARRIER.test(parts.body)) return undefined;
  if (!BLOCK_BODY.test(parts.body) && !MEMBER_CALL_BODY.test(parts.body)) return undefined;
  // `do { … } while (0)` and a call expression want their `;`; after a plain block it is an empty statement.
  return macroAsFunction(def, text, { type: 'void', lead: [], tail: [';', '}'], types: barrierParams(parts.body, parts.params) });
}

/**
 * Parameters the body hands to the recording call as its barrier array: `ResourceBarrier(1, &(b))` takes the address
 * of a D3D12_RESOURCE_BARRIER, `Barrier(1, &(g))` of a D3D12_BARRIER_GROUP, `ResourceBarrier((n), (arr))` an array of
 * them. Typed so, a barrier the caller passes is read as it is (an `auto` parameter would be a value of no known
 * type); other parameters stay `auto`.
 */
function barrierParams(body: string, params: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const re = /\b(ResourceBarrier|Barrier)\s*\(\s*[^,()]*(?:\([^()]*\))?[^,()]*,\s*(&)?\s*\(?\s*(\w+)\s*\)?\s*\)/g;
  for (const m of body.matchAll(re)) {
    if (!params.includes(m[3])) continue;
    const type = m[1] === 'ResourceBarrier' ? 'D3D12_RESOURCE_BARRIER' : 'D3D12_BARRIER_GROUP';
    out.set(m[3], m[2] ? type : `const ${type}*`);
  }
  return out;
}

/** The functions the file's block recording macros stand for, by their `function_definition` nodes. */
export function blockMacroFunctions(root: SyntaxNode, text: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const def of root.descendantsOfType('preproc_function_def')) {
    const fn = RECORDS_BARRIER.test(def.text) ? macroFunction(def, text) : undefined;
    if (fn) out.push(fn);
  }
  return out;
}
