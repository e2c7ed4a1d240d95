// C value macros that build a barrier as a compound literal: `#define TRANSITION(r, a, b) ((D3D12_RESOURCE_BARRIER){
// .Type = …, .Transition = { .pResource = (r), .StateBefore = (a), .StateAfter = (b) } })`, used as
// `ResourceBarrier(list, 1, &TRANSITION(tex, a, b))` or `bars[0] = TRANSITION(…)`. A macro's body is text to the
// grammar, so a use of the macro is an unknown call. Each such macro is read as the function it stands for,
// `auto TRANSITION(auto r, auto a, auto b) { return <body>; }` returning the literal's type, parsed in place as the
// block recording macros are (block-macros.ts; the head says `auto` because a type name as long as
// D3D12_RESOURCE_BARRIER rarely fits in the blanks before the body): a call of the macro is then a call of a
// barrier-returning helper of the file (extract.ts readTemplates).
import { macroAsFunction, macroParts } from './block-macros';
import { structKindOfType } from './expect';
import type { SyntaxNode } from './node';

/** `((TYPE){ … })` or `(TYPE){ … }`: the type of a compound literal that is the whole body. */
const COMPOUND_LITERAL = /^\s*(\(\s*)?\(\s*(?:struct\s+)?([A-Za-z_]\w*)\s*\)\s*\{[\s\S]*\}\s*(\))?\s*$/;

/** The functions the file's compound-literal barrier macros stand for (`function_definition` nodes) and their types. */
export function valueMacroFunctions(root: SyntaxNode, text: string): { node: SyntaxNode; returns: string }[] {
  const out: { node: SyntaxNode; returns: string }[] = [];
  for (const def of root.descendantsOfType('preproc_function_def')) {
    if (!def.text.includes('BARRIER')) continue;
    const parts = macroParts(def);
    const m = parts ? COMPOUND_LITERAL.exec(parts.body) : null;
    if (!m || !!m[1] !== !!m[3] || !structKindOfType(m[2])) continue;
    const node = macroAsFunction(def, text, { type: 'auto', lead: ['return'], tail: [';', '}'] });
    if (node) out.push({ node, returns: m[2] });
  }
  return out;
}
