// Mentions of a variable that read nothing of it: a member written (`b.StateBefore = …`), `sizeof(b)`,
// `memset(&b, 0, sizeof(b))`. A barrier only ever written this way is never recorded from there (declarations.ts
// neverRead for locals, member-barriers.ts for a member barrier a method only prepares).
import type { SyntaxNode } from './node';
import { argumentNodes } from './syntax';

const SIZE_OR_ZERO = /^(?:sizeof|memset|ZeroMemory|SecureZeroMemory|RtlZeroMemory)$/;

/** `id.a.b = …` (any assignment operator), `sizeof(id)`, `memset(&id, …)`: a mention that reads nothing of `id`. */
export function onlyWritten(id: SyntaxNode): boolean {
  let n = id;
  while (n.parent?.type === 'field_expression' && n.parent.childForFieldName('argument') === n) n = n.parent;
  const p = n.parent;
  if (n !== id && p?.type === 'assignment_expression' && p.childForFieldName('left') === n) return true;
  if (p?.type === 'sizeof_expression' || (p?.type === 'parenthesized_expression' && p.parent?.type === 'sizeof_expression')) return n === id;
  const addr = p?.type === 'pointer_expression' && p.child(0)?.type === '&' ? p : null;
  const args = addr?.parent?.type === 'argument_list' ? addr.parent : null;
  const callee = args?.parent?.type === 'call_expression' ? args.parent.childForFieldName('function')?.text : undefined;
  return n === id && !!callee && SIZE_OR_ZERO.test(callee) && argumentNodes(args!.parent!)[0] === addr;
}
