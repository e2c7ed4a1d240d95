// enhanced-barriers-support — eb-rules.md EB-CALL-01 / EB-CREATE-06 (EB § Hardware Requirements, § Barrier API Call
// Validation). Barrier() and the creation APIs that take an InitialLayout (CreateCommittedResource3,
// CreatePlacedResource2, CreateReservedResource2) work only on a device that reports
// D3D12_FEATURE_DATA_D3D12_OPTIONS12::EnhancedBarriersSupported; elsewhere the debug layer reports
// ENHANCED_BARRIERS_NOT_SUPPORTED (#1343) and the barrier does nothing, so the resource keeps its old layout and the
// frame reads stale or compressed data. Support is a run-time query, so statically this is a heuristic, as the
// catalog says ("no gate visible"). The gate is judged only where it belongs: in a file that sets the device up
// (D3D12CreateDevice, or CheckFeatureSupport for a device feature, not only a format's) and also uses the enhanced API, while no analysed
// file names D3D12_FEATURE_D3D12_OPTIONS12 or EnhancedBarriersSupported. A file that only records barriers says
// nothing about the device's checks and is not reported. The CLI drops the finding when any file of the run has the
// query (cli/cross-file.ts). Reported once per file for the first Barrier() call and the first InitialLayout creation.
import { defineRule } from './define-rule';

export const rule = defineRule({
  meta: {
    id: 'enhanced-barriers-support',
    description: 'Device setup that uses enhanced barriers (or InitialLayout creation) without querying EnhancedBarriersSupported.',
    defaultSeverity: 'warning',
    messageId: 'ENHANCED_BARRIERS_NOT_SUPPORTED', messageNumber: 1343, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    platforms: ['pc'],
    catalog: ['EB-CALL-01', 'EB-CREATE-06'],
    messages: {
      barrier: 'Barrier() requires enhanced barrier support, and this device setup does not query it '
        + '(CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS12, ...) and EnhancedBarriersSupported); on a device without '
        + 'it the call is not supported. Check the feature before recording enhanced barriers.',
      creation: '{{api}} with an InitialLayout requires enhanced barrier support, and this device setup does not query it '
        + '(CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS12, ...) and EnhancedBarriersSupported); on a device without '
        + 'it the call is not supported. Check the feature before creating resources with an initial layout.',
    },
  },
  create(ctx) {
    let queried = false;
    let barrierSeen = false;
    let creationSeen = false;
    return {
      file(facts) {
        // Not judged: the device's feature checks are not in this file (queried = nothing to report).
        queried = facts.enhancedSupportQuery === true || facts.deviceSetup !== true;
      },
      barrierCall(e) {
        if (queried || barrierSeen) return;
        barrierSeen = true;
        ctx.report({ messageKey: 'barrier', range: e.range, fingerprintText: 'enhanced-support|barrier' });
      },
      creation(e) {
        const c = e.creation;
        // A layout the caller passes in (an allocator library's CreatePlacedResource2 wrapper) is the caller's choice.
        if (queried || creationSeen || !c.initialLayout || c.initialLayout.value === null || c.initialLayout.param !== undefined) return;
        creationSeen = true;
        const api = c.api.replace(/^ID3D12Device\d*_/, '');
        ctx.report({
          messageKey: 'creation', api: `ID3D12Device10::${api}`, data: { api },
          range: e.range, fingerprintText: `enhanced-support|creation|${api}`,
        });
      },
    };
  },
});
