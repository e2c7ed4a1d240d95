// Catalog rows (catalog.ts) that no rule checks, each with the reason: what static analysis of the source cannot
// see, or what is not implemented yet. docs/rules.md lists them under "Not checked statically"; the coverage test
// fails when a checkable row is neither claimed by a rule's meta.catalog nor listed here, or is both.

export const UNCHECKED_ROWS: Readonly<Record<string, string>> = {
  'EB-SYNC-10': 'Not checked: which descriptors are DATA_STATIC_WHILE_SET_AT_EXECUTE is decided by the root signature\'s range and root-descriptor flags (and the version 1.1 defaults), serialized elsewhere or loaded from compiled blobs; barrierlint does not link a root signature to the SetGraphicsRoot*/SetComputeRoot* calls of a list, so which resource is static at a draw is not visible.',
  'EB-ALIAS-04': 'Not checked: whether data written through one alias is read through another needs the memory contents, not the barriers.',
  'EB-INTEROP-03': 'Not checked: whether the prior accesses of a buffer or simultaneous-access texture were finished and flushed before a legacy barrier depends on accesses made on other lists of the ExecuteCommandLists scope and on promotion/decay at submits; a flush done in another list cannot be told from a missing one.',
  'EB-FENCE-01': 'Not checked: fence barriers (ID3D12CommandListFenceBarriers SignalBarrier / WaitBarrier) are a preview API absent from the public d3d12.h; their names and struct layouts are not final, so a check would have to guess the API.',
  'EB-FENCE-03': 'Not checked: fence barriers are a preview API absent from the public d3d12.h (names and struct layouts not final).',
  'EB-FENCE-04': 'Not checked: fence barriers are a preview API absent from the public d3d12.h (names and struct layouts not final).',
  'EB-FENCE-05': 'Not checked: the fence-barrier creation flags (ALLOW_COMMAND_LIST_BARRIERS, ALLOW_QUEUE_AND_CPU_SYNC) are a preview API absent from the public d3d12.h.',
  'EB-FENCE-06': 'Not checked: fence barriers are a preview API absent from the public d3d12.h; CPU and cross-queue dependencies are a whole-program property.',
  'LB-18': 'Not checked: a resource used on a COPY queue decays to COMMON when that execution ends; which queue executes a list is decided at ExecuteCommandLists, usually in another function than the recording, so the copy-to-direct switch is not visible in the recorded barriers.',
  'LB-24': 'Not checked: the documented runtime check (RESOLVE_SOURCE only on multisampled, RESOLVE_DEST only on single-sampled resources) predates sampler feedback, which decodes and encodes through single-sampled resources in RESOLVE_SOURCE, and ResolveSubresourceRegion\'s DECOMPRESS mode, whose multisampled destination is in RESOLVE_DEST; both are documented, legal uses, and the runtime\'s current sample-count check is not documented (no debug-layer line for #529 is public), so either half would report legal code.',
  'LB-19': 'Not checked: whether a descriptor is DATA_STATIC is decided by the root signature (range flags, version 1.1 defaults), serialized elsewhere or loaded from compiled blobs; barrierlint does not link root signatures to the root arguments a list sets, so which bound resource is static is not visible.',
};
