// Tables of values at namespace scope: `static const D3D12_RESOURCE_STATES kStates[] = {…};`,
// `constexpr std::array<D3D12_BARRIER_LAYOUT, 3> kPassLayouts = {…};`. They are evaluated once, like a local of
// the same declaration, and kept with the file's constants, so `kStates[1]` with a constant index folds in every
// function (expression-core.ts reads them where no local or parameter hides the name).
import type { FileCtx, FnCtx } from './context';
import { handleDeclaration } from './declarations';
import type { SyntaxNode } from './node';
import { declaredRecord } from './records';

const SCOPES = new Set(['translation_unit', 'declaration_list', 'namespace_definition', 'linkage_specification']);

function namespaceScope(decl: SyntaxNode): boolean {
  for (let p = decl.parent; p; p = p.parent) {
    if (!SCOPES.has(p.type) && !p.type.startsWith('preproc_')) return false;
  }
  return true;
}

/** `a::b` for a declaration inside `namespace a { namespace b {` (anonymous namespaces add nothing). */
function namespacesOf(decl: SyntaxNode): string {
  const names: string[] = [];
  for (let p = decl.parent; p; p = p.parent) {
    const name = p.type === 'namespace_definition' ? p.childForFieldName('name')?.text : undefined;
    if (name) names.unshift(name);
  }
  return names.join('::');
}

function isTable(decl: SyntaxNode, fn: FnCtx): boolean {
  if (!decl.namedChildren.some((c) => c.type === 'type_qualifier' && (c.text === 'const' || c.text === 'constexpr'))) return false;
  const type = decl.childForFieldName('type')?.text ?? '';
  // `constexpr PassStates kShadow{A, B};`: one record of the file's own struct is a table of its members.
  const record = !!declaredRecord(decl.childForFieldName('type'), fn);
  return decl.childrenForFieldName('declarator').some((d) => d.type === 'init_declarator'
    && (record || d.childForFieldName('declarator')?.type === 'array_declarator' || /^(?:std::)?array\s*</.test(type)));
}

/** Evaluate the file's namespace-scope constant tables into `file.constants` (a scalar constant of the name wins). */
export function collectConstantTables(root: SyntaxNode, file: FileCtx, scope: () => FnCtx): void {
  let decls = root.namedChildren.flatMap(function tops(n: SyntaxNode): SyntaxNode[] {
    if (n.type === 'declaration') return [n];
    return SCOPES.has(n.type) || n.type.startsWith('preproc_') ? n.namedChildren.flatMap(tops) : [];
  });
  const fn = scope();
  decls = decls.filter((d) => isTable(d, fn) && namespaceScope(d));
  if (decls.length === 0) return;
  for (const decl of decls) {
    handleDeclaration(decl, fn);
    const prefix = namespacesOf(decl);
    for (const [name, v] of fn.env) {
      if (v.t !== 'array' || v.elemKind) continue;
      if (!file.constants.has(name)) file.constants.set(name, v);
      // `passes::kLayouts` names it from outside its namespace.
      if (prefix && !file.constants.has(`${prefix}::${name}`)) file.constants.set(`${prefix}::${name}`, v);
    }
    fn.env.clear();
  }
}
