// API calls that change the states of D3D12 resources they are not handed by name: D3D11On12's
// AcquireWrappedResources / ReleaseWrappedResources transition the D3D12 resource under each wrapped D3D11 resource
// to the InState / OutState given at CreateWrappedResource (d3d11on12.h). The wrapped object is another name for the
// D3D12 resource (`m_wrappedBackBuffers[i]` for `m_renderTargets[i]`), so the tracker makes every state unknown.

/** Callee names (`device->X(...)`) of calls that may transition any D3D12 resource. */
export const FOREIGN_TRANSITIONS: ReadonlySet<string> = new Set(['AcquireWrappedResources', 'ReleaseWrappedResources']);
