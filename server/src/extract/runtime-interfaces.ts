// A creation made through an interface that only runtimes with enhanced barriers expose: ID3D12Device10 and later
// came with Agility SDK 1.606 (CreateCommittedResource3 and the other layout-taking creations), so a call through one
// runs on such a runtime or not at all. What changed for older runtimes only (an UPLOAD heap resource created in
// COMMON, eb-rules.md LB-17) is then no finding. The receiver's declared type is read from the function's locals and
// parameters, or from the class member declarations the run holds; anything else is not known (undefined).
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { unwrapValue } from './syntax';
import { FIRST_NEWER_RUNTIME_DEVICE } from '../model/heaps';

/** `device->X(…)`, `m_device.Get()->X(…)`, `this->dev->X(…)`: the name whose declared type is the receiver's. */
function receiverName(call: SyntaxNode): string | undefined {
  const f = call.childForFieldName('function');
  if (f?.type !== 'field_expression') return undefined;
  let obj: SyntaxNode | null = f.childForFieldName('argument');
  if (!obj) return undefined;
  obj = unwrapValue(obj);
  // `ptr.Get()`: the smart pointer's own declaration names the interface.
  if (obj.type === 'call_expression' && obj.childForFieldName('function')?.type === 'field_expression') {
    const inner = obj.childForFieldName('function')!;
    if (/^(Get|get)$/.test(inner.childForFieldName('field')?.text ?? '')) obj = inner.childForFieldName('argument');
  }
  const text = obj?.text.replace(/\s+/g, '').replace(/^this->/, '');
  return text && /^[A-Za-z_]\w*$/.test(text) ? text : undefined;
}

/** Whether `call` is made on an ID3D12Device10 (or later) the function or its class declares as such. */
export function onNewerRuntimeDevice(call: SyntaxNode, fn: FnCtx): boolean {
  const name = receiverName(call);
  if (!name) return false;
  const declared = fn.types.get(name) ?? (fn.params.includes(name) ? undefined : fn.file.memberTypes.get(name));
  const m = declared ? /\bID3D12Device(\d+)\b/.exec(declared) : null;
  return !!m && Number(m[1]) >= FIRST_NEWER_RUNTIME_DEVICE;
}
