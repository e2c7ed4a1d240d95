// File-level constants: `#define NAME value` and `const`/`constexpr` scalar declarations outside functions
// (and in namespaces/classes), folded once so barrier fields that use them resolve.
import type { Tree } from '../parse/parser';
import { getQuery, parseCpp } from '../parse/parser';
import type { FileCtx } from './context';
import { fold, toNumber } from './evaluate';
import { rangeOf } from './syntax';

export function collectConstants(tree: Tree, file: FileCtx): void {
  for (const m of getQuery('constants').matches(tree.rootNode)) {
    const get = (name: string) => m.captures.find((c) => c.name === name)?.node;
    const defName = get('define.name');
    const defValue = get('define.value');
    if (defName && defValue) {
      defineConstant(file, defName.text, defValue.text, rangeOf(defValue));
      continue;
    }
    const name = get('const.name');
    const value = get('const.value');
    if (!name || !value || insideFunction(name)) continue;
    const decl = name.parent?.parent;
    const qualifiers = decl?.namedChildren.filter((c) => c.type === 'type_qualifier').map((c) => c.text) ?? [];
    if (!qualifiers.some((q) => q === 'const' || q === 'constexpr')) continue;
    const folded = fold(value, file);
    if (folded) file.constants.set(name.text, { t: 'num', f: { value: toNumber(folded), text: value.text, range: rangeOf(value) } });
  }
}

function insideFunction(n: import('../parse/parser').SyntaxNode): boolean {
  for (let p = n.parent; p; p = p.parent) if (p.type === 'function_definition' || p.type === 'lambda_expression') return true;
  return false;
}

/** A #define body is folded as an expression; function-like macros and non-constant bodies are skipped. */
function defineConstant(file: FileCtx, name: string, body: string, range: ReturnType<typeof rangeOf>): void {
  const text = body.replace(/\/\/.*$/, '').replace(/\\\n/g, ' ').trim();
  if (!text || text.length > 200) return;
  const tree = parseCpp(`auto __bl = ${text};`);
  const value = tree.rootNode.descendantsOfType('init_declarator')[0]?.childForFieldName('value');
  if (!value || tree.rootNode.hasError) return;
  // Problems found inside the probe tree are re-anchored on the #define body.
  const scratch: FileCtx = { ...file, problems: [], reported: new Set() };
  const folded = fold(value, scratch);
  for (const p of scratch.problems) file.problems.push({ ...p, range });
  if (folded) file.constants.set(name, { t: 'num', f: { value: toNumber(folded), text, range } });
}
