// Catalog rows (catalog.ts) that no rule checks, each with the reason: what static analysis of the source cannot
// see, or what is not implemented yet. docs/rules.md lists them under "Not checked statically"; the coverage test
// fails when a checkable row is neither claimed by a rule's meta.catalog nor listed here, or is both.

export const UNCHECKED_ROWS: Readonly<Record<string, string>> = {
  'EB-SYNC-06': 'Not implemented: accesses after a SyncAfter NONE barrier in the same ExecuteCommandLists scope would have to be collected across command lists and helpers; draws and dispatches through descriptors are followed (invalid-subresource-state), the scope-wide check is not.',
  'EB-SYNC-10': 'Not checked: DATA_STATIC_WHILE_SET_AT_EXECUTE descriptor ranges live in root signatures and descriptor tables built at run time; which resource a root argument binds is not visible.',
  'EB-LAYOUT-12': 'Not checked: whether an application uses one queue is a whole-program property.',
  'EB-QUEUE-04': 'Not checked: needs the queue that executes a list across submissions (ExecuteCommandLists on another queue type).',
  'EB-CREATE-06': 'Not checked: whether the device supports enhanced barriers is a run-time query (CheckFeatureSupport OPTIONS12), usually made in another file; the declared interface of the device is not extracted.',
  'EB-CALL-01': 'Not checked: same as EB-CREATE-06 (the feature query is a run-time fact; a missing gate in one file is not evidence).',
  'EB-ALIAS-04': 'Not checked: whether data written through one alias is read through another needs the memory contents, not the barriers.',
  'EB-INTEROP-03': 'Not implemented: needs whether prior accesses of a buffer or simultaneous-access texture were finished before a legacy barrier, which the tracker does not model for legacy barriers.',
  'EB-INTEROP-04': 'Not implemented on PC (a perf lint); on Xbox with the translation layer disabled the mix is xbox-legacy-enhanced-mix.',
  'EB-MISC-04': 'Not implemented: ID3D12DebugCommandList3 assertions are not extracted.',
  'EB-FENCE-01': 'Not checked: fence barriers are a preview API absent from the public headers.',
  'EB-FENCE-03': 'Not checked: fence barriers are a preview API absent from the public headers.',
  'EB-FENCE-04': 'Not checked: fence barriers are a preview API absent from the public headers.',
  'EB-FENCE-05': 'Not checked: fence barriers are a preview API absent from the public headers.',
  'EB-FENCE-06': 'Not checked: fence barriers are a preview API absent from the public headers; CPU/queue dependencies are a whole-program property.',
  'LB-18': 'Not implemented: needs the queue type across submissions (copy-queue decay to COMMON after ExecuteCommandLists).',
  'LB-19': 'Not checked: DATA_STATIC descriptors are bound through root signatures and descriptor tables built at run time; which resource a descriptor names is not visible.',
};
