// File-level constants: `#define NAME value` and `const`/`constexpr` scalar declarations outside functions
// (and in namespaces/classes), folded once so barrier fields that use them resolve.
import { parseCpp } from '../parse/parser';
import type { FileCtx } from './context';
import { NodeDoc } from './node';
import type { SyntaxNode } from './node';
import type { Captures } from './structure';
import { fold, toNumber } from './constant-fold';
import { rangeOf } from './syntax';

export function collectConstants(matches: readonly Captures[], file: FileCtx): void {
  for (const m of matches) {
    const get = (name: string) => m.get(name);
    const defName = get('define.name');
    const defValue = get('define.value');
    if (defName && defValue) {
      noteDefined(file, defName.text);
      defineConstant(file, defName.text, defValue.text, rangeOf(defValue));
      continue;
    }
    const name = get('const.name');
    const value = get('const.value');
    if (!name || !value || insideFunction(name)) continue;
    const decl = name.parent?.parent;
    const qualifiers = decl?.namedChildren.filter((c) => c.type === 'type_qualifier').map((c) => c.text) ?? [];
    if (!qualifiers.some((q) => q === 'const' || q === 'constexpr')) continue;
    noteDefined(file, name.text);
    const folded = fold(value, file);
    if (folded) file.constants.set(name.text, { t: 'num', f: { value: toNumber(folded), text: value.text, range: rangeOf(value) } });
  }
}

/**
 * A project constant named like an enumerator (`constexpr D3D12_RESOURCE_STATES D3D12_RESOURCE_STATE_UNKNOWN = ...`
 * in a header): another file that uses the name is not misspelling an enumerator (cli/cross-file.ts).
 */
function noteDefined(file: FileCtx, name: string): void {
  if (!name.startsWith('D3D12')) return;
  (file.definedNames ??= new Set()).add(name);
}

function insideFunction(n: SyntaxNode): boolean {
  for (let p = n.parent; p; p = p.parent) if (p.type === 'function_definition' || p.type === 'lambda_expression') return true;
  return false;
}

/** A #define body is folded as an expression; function-like macros and non-constant bodies are skipped. */
function defineConstant(file: FileCtx, name: string, body: string, range: ReturnType<typeof rangeOf>): void {
  const text = body.replace(/\/\/.*$/, '').replace(/\\\n/g, ' ').trim();
  if (!text || text.length > 200) return;
  const source = `auto __bl = ${text};`;
  const tree = parseCpp(source);
  const root = new NodeDoc(source).root(tree);
  const value = root.descendantsOfType('init_declarator')[0]?.childForFieldName('value');
  if (!value || root.hasError) return;
  // Problems found inside the probe tree are re-anchored on the #define body.
  const scratch: FileCtx = { ...file, problems: [], reported: new Set() };
  const folded = fold(value, scratch);
  for (const p of scratch.problems) file.problems.push({ ...p, range, definition: true });
  if (folded) file.constants.set(name, { t: 'num', f: { value: toNumber(folded), text, range } });
}
