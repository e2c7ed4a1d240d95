// Whether the scope a function's qualified name names last is a namespace or a class, as the function's own file
// shows it: `void ImGui::Text()` in a file that opens `namespace ImGui { … }` is a function of a namespace, and
// `void Frame::Text()` (or `Text()` defined inside `struct Frame { … }`) is a method of a class the file gives a body.
// The tracker (track/call-scopes.ts) rules a method of a class out for an unqualified call only in a function of a
// namespace, which has no base class and no override: in a method, the class may derive from the callee's class
// through a base the run does not show (a header left out, a template parameter).
// NOTE: undefined when the file does not say (`void ImGui::TableNextRow()` in a file that only includes the header
// declaring the namespace), when a name is both a namespace and a class of the file, and for a friend defined in a
// class body: a free function that argument-dependent lookup finds from anywhere.
import type { SyntaxNode } from './node';

export type ScopeKind = 'namespace' | 'class';

export interface FileScopes {
  namespaces: ReadonlySet<string>;
  classes: ReadonlySet<string>;
}

/** The namespaces the file opens, by each simple name (`namespace A::B {` opens A and B). */
export function declaredNamespaces(root: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const n of root.descendantsOfType('namespace_definition')) {
    for (const part of (n.childForFieldName('name')?.text ?? '').split('::')) {
      const name = part.trim();
      if (/^\w+$/.test(name)) out.add(name);
    }
  }
  return out;
}

/**
 * The kind of the scope `qualified` names last, for a function defined at `node`: `inClass` when the definition is
 * inside a class body (its qualified name came from that class).
 */
export function scopeKindOf(node: SyntaxNode, qualified: string, inClass: boolean, scopes: FileScopes): ScopeKind | undefined {
  if (node.parent?.type === 'friend_declaration') return undefined;
  if (inClass) return 'class';
  const parts = qualified.split('::');
  if (parts.length < 2) return undefined;
  const owner = parts[parts.length - 2].replace(/<.*$/s, '');
  const isClass = scopes.classes.has(owner);
  const isNamespace = scopes.namespaces.has(owner);
  if (isClass === isNamespace) return undefined;
  return isClass ? 'class' : 'namespace';
}
