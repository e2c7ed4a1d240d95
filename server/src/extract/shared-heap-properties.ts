// Heap properties kept outside the function that creates with them: a file-scope struct or a class member filled in
// one function (`d3d12.heap_prop_upload.Type = D3D12_HEAP_TYPE_UPLOAD;` in an init function, or `m_uploadProps =
// CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_UPLOAD);` in a constructor) and handed to a creation in another
// (`CreateCommittedResource(device, &d3d12.heap_prop_upload, …)`). The heap type is known when every write of that
// object's type in the file names the same heap type; an object written with two types, or with a value that does
// not fold, has none. A name the creating function declares itself (a local or parameter) is never this object.
import type { SyntaxNode } from './node';
import type { FileCtx, FnCtx } from './context';
import { evalField } from './constant-fold';
import { argumentNodes, calleeName, unwrapValue } from './syntax';
import { declaredNames } from './walker';

const HEAP_TYPE = /^D3D12_HEAP_TYPE_\w+$/;

/** The file's heap-properties objects written outside any function's own locals, with the heap type each holds. */
export function collectSharedHeapTypes(root: SyntaxNode, file: FileCtx): void {
  const types = new Map<string, number | null>();
  for (const a of root.descendantsOfType('assignment_expression')) {
    if (a.childForFieldName('operator')?.text !== '=') continue;
    const written = heapTypeWrite(a);
    if (!written || ownName(written.path, a)) continue;
    const v = evalField(written.type, file).value;
    types.set(written.path, types.has(written.path) && types.get(written.path) !== v ? null : v);
  }
  if (types.size > 0) file.sharedHeapTypes = types;
}

/** The heap type of `&obj` / `obj` handed to a creation, when `obj` is such an object of the file; else null. */
export function sharedHeapType(arg: SyntaxNode, fn: FnCtx): number | null {
  const types = fn.file.sharedHeapTypes;
  if (!types) return null;
  let n = unwrapValue(arg);
  if (n.type === 'pointer_expression' && n.child(0)?.type === '&') n = unwrapValue(n.childForFieldName('argument') ?? n);
  const path = objectPath(n);
  const root = path && /^[A-Za-z_]\w*/.exec(path)?.[0];
  if (!path || !root || fn.types.has(root) || fn.params.includes(root)) return null;
  return types.get(path) ?? null;
}

/** `obj.Type = D3D12_HEAP_TYPE_X` or `obj = CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_X, …)`: the object and the type. */
function heapTypeWrite(a: SyntaxNode): { path: string; type: SyntaxNode } | undefined {
  const left = a.childForFieldName('left');
  const right = a.childForFieldName('right');
  if (!left || !right) return undefined;
  const value = unwrapValue(right);
  if (left.type === 'field_expression' && left.childForFieldName('field')?.text === 'Type' && HEAP_TYPE.test(value.text)) {
    const path = objectPath(left.childForFieldName('argument'));
    return path ? { path, type: value } : undefined;
  }
  if (value.type === 'call_expression' && calleeName(value.childForFieldName('function')!) === 'CD3DX12_HEAP_PROPERTIES') {
    const first = argumentNodes(value)[0];
    const path = objectPath(left);
    return path && first && HEAP_TYPE.test(first.text) ? { path, type: first } : undefined;
  }
  return undefined;
}

/** `d3d12.heap_prop_upload`, `this->m_props`, `m_props`: the object's path without `this->`; undefined otherwise. */
function objectPath(n: SyntaxNode | null): string | undefined {
  if (!n) return undefined;
  const text = n.text.replace(/\s+/g, '').replace(/^this->/, '').replace(/^\(\*this\)\./, '');
  return /^[A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*)*$/.test(text) ? text : undefined;
}

/** Whether the function around `n` declares the path's root itself (a local or a parameter: not the shared object). */
function ownName(path: string, n: SyntaxNode): boolean {
  const root = /^[A-Za-z_]\w*/.exec(path)![0];
  let f: SyntaxNode | null = n.parent;
  while (f && f.type !== 'function_definition' && f.type !== 'lambda_expression') f = f.parent;
  if (!f) return false;
  const params = f.descendantsOfType('parameter_declaration').some((p) => p.text.match(new RegExp(`\\b${root}\\b`)));
  const body = f.childForFieldName('body');
  return params || (!!body && declaredNames(body).has(root));
}
