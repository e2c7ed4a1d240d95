// Error-check wrappers recognised by what they are handed, not by their name. A project checks the HRESULT of its
// D3D12 calls through a wrapper of its own (`ThrowIfFail(list->Close())`, `Verify(device->CreateFence(…))`,
// `CHECK_D3D(hr, "msg")`): whatever it is called, a call whose arguments are that HRESULT (the result of a COM
// method or API function that returns one, or a variable declared HRESULT) and otherwise only literals is handed no
// object it could record through, reset or replace. The D3D12 call inside it is an event of its own.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { calleeName, unwrapValue } from './syntax';
import { typeOfExpr } from './types';

/** Methods of D3D12, DXGI and COM interfaces that return an HRESULT (none returns an object). */
const HRESULT_METHODS = new RegExp('^(?:Close|Reset|Signal|Wait|SetEventOnCompletion|Create[A-Z]\\w*|Open[A-Z]\\w*|Map|Present1?|'
  + 'ResizeBuffers1?|ResizeTarget|GetBuffer|QueryInterface|CheckFeatureSupport|SetName|SetPrivateData\\w*|GetPrivateData|'
  + 'GetDeviceRemovedReason|MakeResident|Evict|EnqueueMakeResident|SetFullscreenState|GetFullscreenState|EnumAdapters\\w*|'
  + 'EnumAdapterByLuid|EnumAdapterByGpuPreference|EnumWarpAdapter|MakeWindowAssociation|SetMaximumFrameLatency|SetStablePowerState|'
  + 'SetResidencyPriority|GetParent|GetDevice|CheckInterfaceSupport|CheckColorSpaceSupport|SetColorSpace1|SetHDRMetaData|'
  + 'GetAdapterDesc\\d?|GetDesc1|GetDesc3|QueryVideoMemoryInfo|SetVideoMemoryReservation|GetSwapChainDescriptors)$');
/** API functions that return an HRESULT. */
const HRESULT_FUNCTIONS = /^(?:D3D12(?:CreateDevice|GetDebugInterface|SerializeRootSignature|SerializeVersionedRootSignature|CreateRootSignatureDeserializer|CreateVersionedRootSignatureDeserializer|EnableExperimentalFeatures|GetInterface)|CreateDXGIFactory\d?|DXGIGetDebugInterface1?|D3DCompile\w*|D3DReflect|D3DReadFileToBlob|D3DCreateBlob|CoCreateInstance|CoInitialize(?:Ex)?)$/;
/** Arguments that are values a check prints or compares: a message, a line, a file name. */
const LITERAL = new Set(['number_literal', 'string_literal', 'concatenated_string', 'raw_string_literal', 'char_literal', 'true', 'false', 'null', 'nullptr']);

/** Whether an argument is an HRESULT: the result of a method or function that returns one, or a variable declared so. */
function isResult(arg: SyntaxNode, fn: FnCtx): boolean {
  const n = unwrapValue(arg);
  if (n.type === 'call_expression') {
    const f = n.childForFieldName('function');
    const name = f ? calleeName(f) : undefined;
    if (!f || !name) return false;
    if (f.type === 'field_expression') return HRESULT_METHODS.test(name);
    return f.type === 'identifier' && HRESULT_FUNCTIONS.test(name);
  }
  return n.type === 'identifier' && /^\s*HRESULT\s*$/.test(typeOfExpr(n, fn) ?? '');
}

/**
 * Whether a call only checks results: at least one argument is an HRESULT and the others are literals or predefined
 * names (`__LINE__`, `__FILE__`). Such a call reaches no command list or resource, whatever its name.
 */
export function checksResult(args: readonly SyntaxNode[], fn: FnCtx): boolean {
  let result = false;
  for (const a of args) {
    const n = unwrapValue(a);
    if (isResult(n, fn)) { result = true; continue; }
    if (LITERAL.has(n.type) || (n.type === 'identifier' && /^__\w+__$/.test(n.text))) continue;
    return false;
  }
  return result;
}
