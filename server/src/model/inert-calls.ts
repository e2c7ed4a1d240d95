// Calls that never record a barrier and never change a resource's state, whatever they are handed: assertions,
// PIX markers, debug names and the pure d3dx12 arithmetic helpers. The tracker treats an unresolved call as
// possibly changing the state of what it gets (or of everything it reaches, when it gets a command list:
// track/havoc-call.ts); for these names that would only throw away what is known — `assert(tex)`,
// `PIXBeginEvent(list, …)`, `NAME_D3D12_OBJECT(tex)` and `D3D12CalcSubresource(…)` sit between the barriers of
// most sample code.

/** Callee names (the last name of `a::b::f` / `obj->f`) of calls that change no barrier state. */
export const INERT_CALLS: ReadonlySet<string> = new Set([
  // assertions
  'assert', '_ASSERT', '_ASSERTE', 'ASSERT', 'Assert', 'VERIFY', 'verify', 'DEBUG_ASSERT', 'ASSERT_MSG', 'ASSERT_SUCCEEDED',
  '__assume', 'UNREFERENCED_PARAMETER', 'UNUSED',
  // PIX events and markers (WinPixEventRuntime)
  'PIXBeginEvent', 'PIXEndEvent', 'PIXSetMarker', 'PIXScopedEvent', 'PIXBeginRetailEvent', 'PIXEndRetailEvent',
  'PIXSetRetailMarker', 'PIXReportCounter', 'PIXNotifyWakeFromFenceSignal',
  // debug names
  'NAME_D3D12_OBJECT', 'NAME_D3D12_OBJECT_INDEXED', 'SetName', 'SetNameIndexed', 'SetDebugObjectName', 'SetPrivateData',
  // d3dx12 arithmetic on descriptions and subresource indices
  'D3D12CalcSubresource', 'D3D12DecomposeSubresource', 'D3D12GetFormatPlaneCount', 'GetRequiredIntermediateSize',
  'D3D12IsLayoutOpaque', 'GetCopyableFootprints', 'GetResourceAllocationInfo', 'GetDesc', 'GetDesc1', 'GetGPUVirtualAddress',
  'GetHeapProperties', 'GetDescriptorHandleIncrementSize', 'CheckFeatureSupport',
  // tiled (reserved) resources: the queue maps tiles to heap memory and the device reports the tiling; neither
  // changes a resource's state
  'UpdateTileMappings', 'CopyTileMappings', 'GetResourceTiling',
  // device methods that create pipelines, root signatures and other objects (no resource changes state); their
  // names say "state" (`CreateComputePipelineState`), which would otherwise make every state unknown in the init
  // code that creates a buffer and then its PSOs.
  // NOTE: the view creations (`CreateShaderResourceView`, ...) stay out of this list: between them and the next
  // barrier, engine code often branches on conditions the tracker cannot correlate (DirectXTK12's GenerateMips
  // `staging = resource` ... `if (staging.Get() != resource)`), and keeping those states would report such paths
  'CreateGraphicsPipelineState', 'CreateComputePipelineState', 'CreatePipelineState', 'CreateStateObject',
  'AddToStateObject', 'CreatePipelineLibrary', 'CreateRootSignature', 'CreateCommandSignature', 'CreateDescriptorHeap',
  'CreateQueryHeap', 'CreateFence', 'CreateCommandAllocator', 'CreateCommandQueue', 'D3D12SerializeRootSignature',
  'D3D12SerializeVersionedRootSignature', 'GetRaytracingAccelerationStructurePrebuildInfo',
  // queue and fence synchronization: a GPU wait or signal between submissions, and the CPU waiting for a fence
  'Signal', 'Wait', 'SetEventOnCompletion', 'GetCompletedValue', 'WaitForSingleObject', 'WaitForSingleObjectEx',
  // Dear ImGui's D3D12 backend: it draws its own vertex/index buffers and font texture on the list it is handed and
  // records no barrier there (its texture uploads use a list of its own); the back buffer keeps its state around it
  'ImGui_ImplDX12_RenderDrawData',
]);

/**
 * The inert calls that still record GPU work: ImGui's renderer draws, and may sample a texture the application
 * handed it, promoting it from COMMON. The others (checks, markers, names, arithmetic, object creation) record none.
 */
export const INERT_DRAWING_CALLS: ReadonlySet<string> = new Set(['ImGui_ImplDX12_RenderDrawData']);

/**
 * CPU-side calls that record no GPU work (track/havoc-call.ts, Origin.workStamp), called as free functions: the C
 * memory functions that fill a mapped upload buffer, and the debugger breaks, aborts, debug output and C library
 * output of an error path (`if (FAILED(hr)) { __debugbreak(); return hr; }`, `fprintf(stderr, …)`); and the CPU-access methods of an ID3D12Resource, called on
 * the resource. Between a resource's creation and its first use they leave nothing on the GPU for the use to race.
 */
export const CPU_ONLY_CALLS: ReadonlySet<string> = new Set([
  'memcpy', 'memcpy_s', 'memmove', 'memmove_s', 'memset', 'CopyMemory', 'MoveMemory', 'FillMemory', 'ZeroMemory',
  '__debugbreak', 'DebugBreak', 'abort', 'exit', 'OutputDebugStringA', 'OutputDebugStringW', 'OutputDebugString',
  // the C library's formatted output and string formatting (`fprintf(stderr, "Failed to map.\n"); return {};`)
  'printf', 'fprintf', 'wprintf', 'fwprintf', 'vprintf', 'vfprintf', 'puts', 'fputs', 'perror', 'fflush',
  'sprintf', 'snprintf', 'sprintf_s', 'swprintf', 'swprintf_s', 'vsnprintf', 'vsprintf',
]);
/**
 * Library scopes none of whose functions or objects records GPU work: the C++ standard library and the formatting
 * and logging libraries engines call between a creation and its first use (`tex->SetName(std::format(L"…", i)
 * .c_str())`, `spdlog::info(…)`). The standard algorithms that call what they are handed are not among them
 * (CALLABLE_INVOKERS): the callable may record.
 */
export const CPU_ONLY_SCOPES: ReadonlySet<string> = new Set(['std', 'fmt', 'spdlog']);
export const CALLABLE_INVOKERS: ReadonlySet<string> = new Set([
  'invoke', 'invoke_r', 'apply', 'visit', 'call_once', 'async', 'thread', 'jthread', 'function', 'bind', 'bind_front',
  'for_each', 'for_each_n', 'transform', 'generate', 'generate_n', 'accumulate', 'reduce', 'transform_reduce',
  'all_of', 'any_of', 'none_of', 'find_if', 'find_if_not', 'count_if', 'remove_if', 'partition', 'sort', 'stable_sort',
]);
/**
 * Logging macros and functions (`LOG_ERROR("…", hr)`, `LOGW(…)`, `SDL_Log(…)`, `log_error(…)`, `LogWarning(…)`): they
 * format and write text. A call of one that is handed a command list or an object holding one still counts as work.
 */
export const LOGGING_CALL = /^(?:LOG(?:_[A-Z0-9]+)*|LOG[DIWEVF]|SDL_Log\w*|[Ll]og(?:_?(?:Error|Warn(?:ing)?|Info|Debug|Trace|Verbose|Fatal|Message|Printf?)|_(?:error|warn(?:ing)?|info|debug|trace|verbose|fatal|message|printf?))?)$/;
export const RESOURCE_CPU_METHODS: ReadonlySet<string> = new Set(['Map', 'Unmap', 'WriteToSubresource', 'ReadFromSubresource']);
/**
 * Methods of a container or string called with no argument that read where its elements are or how many
 * (`vertices.data()`, `name.c_str()`, `indices.size()`, a `std::span`'s `bytes.size_bytes()`): whatever the object's
 * type (a member declared in a header the run does not hold), they record no GPU work (track/havoc-call.ts cpuSide).
 */
export const CONTAINER_READS: ReadonlySet<string> = new Set(['data', 'size', 'size_bytes', 'empty', 'c_str', 'length', 'capacity']);
/**
 * Methods that only read a descriptor heap's or device's description on the CPU (a handle, an increment size), whatever
 * the object is declared as or where (`m_heap->GetCPUDescriptorHandleForHeapStart()` on a member of a header the run
 * does not hold): no D3D12 interface records GPU work through them (track/havoc-call.ts cpuSide).
 */
export const DESCRIPTOR_CPU_METHODS: ReadonlySet<string> = new Set([
  'GetCPUDescriptorHandleForHeapStart', 'GetGPUDescriptorHandleForHeapStart', 'GetDescriptorHandleIncrementSize',
]);
/**
 * D3D12 interfaces none of whose methods records GPU work (track/havoc-call.ts cpuSide): an allocator's `Reset()`
 * frees the memory of lists the GPU finished, a fence is signalled and waited for by the CPU, and heaps, pipeline
 * states and signatures only describe. Command lists, queues, devices and swap chains are not among them.
 */
export const CPU_SIDE_INTERFACES = /^ID3D12(?:CommandAllocator|Fence\d*|DescriptorHeap|Heap\d*|QueryHeap|PipelineState|RootSignature|CommandSignature|StateObjectProperties\d*)$/;

/**
 * Names of parameterless accessors (`tex.GetResource()`, `swapChain->GetCurrentBackBufferResource()`,
 * `buffer.Resource()`, `GetState()`): a call of one with no arguments reads what an object holds and records no
 * barrier, even on an object that holds a command list (track/havoc-call.ts). Names that also say they flush,
 * submit, execute, record or transition are not accessors.
 */
export const ACCESSOR_NAME = /^(?:[Gg]et(?![a-z])(?!\w*(?:Barrier|Transition|Flush|Submit|Execute|Record))\w+|Resource)$/;
