// Parameterless resource getters of the file — `ID3D12Resource* CurrentBackBuffer() const { return
// mSwapChainBuffer[mCurrBackBuffer].Get(); }`, the shape of the D3D12 book's D3DApp and of many engines' swap-chain
// classes: a call to one without a receiver (or through `this`) names the member its one return expression names,
// so a barrier on `CurrentBackBuffer()` and the view created for `mSwapChainBuffer[i]` meet (resources.ts).
// Only member expressions are followed (a name, fields, subscripts, `.Get()`); a name the file defines twice, a
// getter with parameters or with more than the return statement is not one.
import type { SyntaxNode } from './node';
import type { FileCtx } from './context';
import { isResourceType } from './resources';
import { rootName, unwrapValue } from './syntax';

export interface GetterCandidate {
  name: string;
  params: string[];
  node: SyntaxNode;
  body: SyntaxNode;
}

const MEMBER_EXPRESSION = /^(?:this->)?[A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*|\[[\w.\->]+\])*(?:\.Get\(\))?$/;

/** Declared in a class body of the file and not at namespace scope (or, unseen, named like one: `m_tex`, `mTex`). */
function memberName(name: string, file: FileCtx): boolean {
  if (file.globals?.has(name)) return false;
  return !!file.classMembers?.has(name) || /^m_\w|^m[A-Z]/.test(name);
}

/** The return type of a function definition names a resource pointer. */
function returnsResource(node: SyntaxNode): boolean {
  const type = node.childForFieldName('type')?.text ?? '';
  return isResourceType(type);
}

/**
 * Parameterless functions whose body is one `return <expr>;` and whose expression `accept`s, by name: their
 * expression (a name the file defines twice is none).
 */
export function oneReturnGetters(fns: GetterCandidate[], accept: (f: GetterCandidate, expr: SyntaxNode) => boolean): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  const seen = new Set<string>();
  for (const f of fns) {
    if (seen.has(f.name)) {
      out.delete(f.name);
      continue;
    }
    seen.add(f.name);
    const stmts = f.body.namedChildren.filter((c) => c.type !== 'comment');
    const ret = f.params.length === 0 && stmts.length === 1 && stmts[0].type === 'return_statement' ? stmts[0].namedChildren[0] : undefined;
    if (ret && accept(f, ret)) out.set(f.name, ret);
  }
  return out;
}

/** The getters returning a member resource: a name, fields, subscripts, `.Get()`, rooted at a class member. */
export function resourceGetters(fns: GetterCandidate[], file: FileCtx): Map<string, SyntaxNode> {
  return oneReturnGetters(fns, (f, ret) => {
    if (f.node.type !== 'function_definition' || !returnsResource(f.node)) return false;
    const expr = unwrapValue(ret);
    const callee = expr.type === 'call_expression' ? expr.childForFieldName('function') : null;
    const root = rootName(callee?.type === 'field_expression' ? callee.childForFieldName('argument') : expr);
    return MEMBER_EXPRESSION.test(expr.text.replace(/\s+/g, '')) && !!root && memberName(root, file);
  });
}
