// A local reference bound to what a method of the function's own class returns:
//
//   CommandList_DX12& commandlist = GetCommandList(cmd);   // in GraphicsDevice_DX12::Barrier
//   commandlist.frame_barriers.push_back(barrierdesc);
//   …
//   CommandList_DX12& commandlist = GetCommandList(cmd);   // in GraphicsDevice_DX12::CopyResource
//   flush_barriers(commandlist);                           // submits commandlist.frame_barriers
//
// (Wicked Engine's command-list records). The reference names an object the receiver owns, not a local: what one
// method adds to its members and another submits is one container, as a member of the receiver would be. Such a
// local is keyed by the getter call it was bound to (`GetCommandList(cmd)`), a member key, so the methods' keys meet.
import type { FnCtx } from './context';

const CALL = /^([A-Za-z_]\w*)\s*\(([^()]*)\)$/;

/**
 * The getter call text (`GetCommandList(cmd)`) a reference local of a method was bound to, when the call is one of
 * the class's own methods (not a free function of the file) and its arguments are the method's parameters or
 * literals; undefined otherwise (a value copy, a pointer, a free function, an argument computed in the method).
 */
export function ownGetterReference(name: string, fn: FnCtx): string | undefined {
  if (!fn.method || fn.params.includes(name)) return undefined;
  const type = fn.types.get(name)?.replace(/\s+/g, '');
  if (!type || !type.endsWith('&') || type.endsWith('&&')) return undefined;
  const bound = fn.env.get(name);
  if (bound?.t !== 'unknown') return undefined;
  const m = CALL.exec(bound.text.trim());
  if (!m || fn.file.freeFunctions?.has(m[1])) return undefined;
  const args = m[2].split(',').map((a) => a.trim()).filter((a) => a !== '');
  if (!args.every((a) => fn.params.includes(a) || /^\d+[uU]?$/.test(a))) return undefined;
  return `${m[1]}(${args.join(',')})`;
}
