// A file's own names for the D3D12/DXGI interfaces: `using D3d12CommandList = ID3D12GraphicsCommandList7;`,
// `typedef ID3D12Resource* ResourcePtr;`, `using ListPtr = ComPtr<ID3D12GraphicsCommandList>;` (engines that pin one
// interface version in a header). A declaration of the alias is read as one of the interface, so that a
// `D3d12CommandList* command_list` parameter is a command list as `ID3D12GraphicsCommandList7*` is.
import type { SyntaxNode } from './node';

/** The alias target must name a COM interface of D3D12 or DXGI; other aliases are the engine's own types. */
const INTERFACE = /\bI(?:D3D12|DXGI)\w*\b/;

/** The file's interface aliases, alias name → target type text (pointer marks of a typedef's declarator included). */
export function interfaceAliases(root: SyntaxNode): Map<string, string> {
  const out = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const a of root.descendantsOfType(['alias_declaration', 'type_definition'])) {
    const type = a.childForFieldName('type')?.text.trim();
    if (!type || !INTERFACE.test(type)) continue;
    const names = a.type === 'alias_declaration' ? [a.childForFieldName('name')] : a.childrenForFieldName('declarator');
    for (const n of names) {
      const declared = n && declaredAlias(n);
      if (!declared) continue;
      const target = `${type}${declared.marks}`;
      const seen = out.get(declared.name);
      // `#if` branches pinning two versions of one interface (`…CommandList7` / `…CommandList5`) agree on what the
      // object is; aliases of different interfaces under one name say nothing.
      if (seen !== undefined && versionless(seen) !== versionless(target)) ambiguous.add(declared.name);
      else if (seen === undefined) out.set(declared.name, target);
    }
  }
  for (const name of ambiguous) out.delete(name);
  return out;
}

function versionless(t: string): string {
  return t.replace(/(\bI(?:D3D12|DXGI)\w*?)\d+\b/g, '$1').replace(/\s+/g, '');
}

/** `ResourcePtr` in `typedef ID3D12Resource* ResourcePtr;`: the declared name and the pointer marks around it. */
function declaredAlias(n: SyntaxNode): { name: string; marks: string } | undefined {
  let marks = '';
  let d: SyntaxNode | null = n;
  while (d && (d.type === 'pointer_declarator' || d.type === 'reference_declarator')) {
    marks += d.type === 'pointer_declarator' ? '*' : '&';
    d = d.childForFieldName('declarator') ?? d.namedChildren[d.namedChildren.length - 1] ?? null;
  }
  return d?.type === 'type_identifier' ? { name: d.text, marks } : undefined;
}

/**
 * A declared type with a leading interface alias replaced by what it names: `D3d12CommandList*` →
 * `ID3D12GraphicsCommandList7*`, `const ResourcePtr&` → `const ID3D12Resource*&`. Other types are returned unchanged.
 */
export function resolveAlias(type: string, aliases: ReadonlyMap<string, string> | undefined): string {
  if (!aliases?.size) return type;
  const m = /^(\s*(?:const\s+)?(?:[\w]+::)*)(\w+)\b(.*)$/s.exec(type);
  const target = m && aliases.get(m[2]);
  return target === undefined || !m ? type : `${m[1].replace(/(?:\w+::)+$/, '')}${target}${m[3]}`;
}

/**
 * The file's classes whose `operator->` returns a D3D12/DXGI interface (`ID3D12GraphicsCommandList4* operator->()
 * { return m_CommandList.Get(); }`, Raekor's CommandList): `cmd->Draw…()` on an object of such a class (not a
 * pointer to one) calls that interface. Class name → the operator's return type text.
 */
export function arrowTargets(root: SyntaxNode, aliases?: ReadonlyMap<string, string>): Map<string, string> {
  return new Map(arrowOperators(root, aliases).map((o) => [o.cls, o.type]));
}

/**
 * The member each of those operators returns when its body is `return list;` / `return m_list.Get();` (class name →
 * member): `cmd->X(…)` and `cmd.list->X(…)` name one list (list-factories.ts).
 */
export function arrowMembers(root: SyntaxNode, aliases?: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const { cls, def } of arrowOperators(root, aliases)) {
    const returns = def.type === 'function_definition' ? def.childForFieldName('body')?.namedChildren ?? [] : [];
    const value = returns.length === 1 && returns[0].type === 'return_statement' ? returns[0].namedChild(0) : null;
    const member = value ? /^(?:this->)?([A-Za-z_]\w*)(?:\.Get\(\))?$/.exec(value.text.replace(/\s+/g, ''))?.[1] : undefined;
    if (member) out.set(cls, member);
  }
  return out;
}

function arrowOperators(root: SyntaxNode, aliases?: ReadonlyMap<string, string>): { cls: string; type: string; def: SyntaxNode }[] {
  const out: { cls: string; type: string; def: SyntaxNode }[] = [];
  for (const op of root.descendantsOfType('operator_name')) {
    if (op.text.replace(/\s+/g, '') !== 'operator->') continue;
    let d: SyntaxNode | null = op.parent;
    let marks = '';
    while (d && (d.type === 'function_declarator' || d.type === 'pointer_declarator' || d.type === 'reference_declarator' || d.type === 'qualified_identifier')) {
      if (d.type === 'pointer_declarator') marks += '*';
      d = d.parent;
    }
    if (!d || (d.type !== 'function_definition' && d.type !== 'field_declaration' && d.type !== 'declaration')) continue;
    const type = `${resolveAlias(d.childForFieldName('type')?.text ?? '', aliases)}${marks}`;
    const cls = ownerClass(d, op);
    if (cls && INTERFACE.test(type)) out.push({ cls, type, def: d });
  }
  return out;
}

/** The class an operator belongs to: the class body it is written in, or the qualifier of `Cls::operator->`. */
function ownerClass(def: SyntaxNode, op: SyntaxNode): string | undefined {
  const q = op.parent?.type === 'qualified_identifier' ? op.parent.childForFieldName('scope')?.text : undefined;
  if (q) return q.split('::').pop();
  for (let p = def.parent; p; p = p.parent) {
    if (p.type === 'class_specifier' || p.type === 'struct_specifier') return p.childForFieldName('name')?.text.split('::').pop();
    if (p.type === 'function_definition') return undefined;
  }
  return undefined;
}
