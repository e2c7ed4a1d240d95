// Fill helpers another file of the run defines: `MakeResourceBarrier(D3D12_RESOURCE_BARRIER& out, type, res, …)` in
// a shared header, called from demo.cpp on a zero-initialised barrier. The calling file does not see the helper, so
// it took the barrier passed by name as a copy and kept reading it as zero (a transition with NULL resource and equal
// states: two certain false errors per call). Each file exports the prototype of every function it defines that takes
// a barrier struct by non-const reference or pointer; a file calling one imports it with the run's other definitions
// (cli/cross-file.ts, imported-functions.ts), and its out-parameters make what the call receives there unknown
// (extract.ts collectImportedOutParams, api-calls.ts forgetOutArguments). Only the signature travels: what the helper
// writes is not guessed.
import type { SyntaxNode } from './node';
import { definedName, definitionDeclarator } from './syntax';

/** The barrier structs a fill helper writes through a parameter (with or without the d3dx12 `CD3DX12_` wrapper). */
const BARRIER_STRUCT = /\b(?:CD3DX12|D3D12)_(?:RESOURCE_BARRIER|TEXTURE_BARRIER|BUFFER_BARRIER|GLOBAL_BARRIER|BARRIER_GROUP)\b/;

/** Whether a parameter declaration takes a barrier struct by non-const reference or pointer. */
function writesBarrier(p: SyntaxNode): boolean {
  if (!BARRIER_STRUCT.test(p.childForFieldName('type')?.text ?? '')) return false;
  if (p.children.some((c) => c.type === 'type_qualifier' && c.text === 'const')) return false;
  const d = p.childForFieldName('declarator');
  return d?.type === 'reference_declarator' || d?.type === 'pointer_declarator';
}

/** `[name, "void name(params);"]` for each function of the file that may write a barrier struct it is handed. */
export function outParamPrototypes(root: SyntaxNode, exported: ReadonlySet<string>): [string, string][] {
  const out = new Map<string, string>();
  for (const def of root.descendantsOfType('function_definition')) {
    const name = definedName(def);
    const params = definitionDeclarator(def)?.childForFieldName('parameters');
    if (!name || !params || exported.has(name)) continue;
    if (!params.namedChildren.some(writesBarrier)) continue;
    // Overloads with different out-parameters: none is exported (the importing file cannot tell them apart).
    out.set(name, out.has(name) ? '' : `void ${name}${params.text};`);
  }
  return [...out].filter(([, text]) => text !== '');
}
