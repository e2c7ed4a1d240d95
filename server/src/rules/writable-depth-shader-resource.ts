// writable-depth-shader-resource — eb-rules.md LB-25 (ResourceBarrier API reference § Debug layer: the layer warns
// when a depth buffer is used in a non-read-only mode while its state has the PIXEL_SHADER_RESOURCE bit). A draw
// with a writable DSV over a depth buffer in DEPTH_READ|PIXEL_SHADER_RESOURCE reads the buffer through a shader
// while the output merger may write it: the depth test and the sampler see different data, or the hardware keeps
// the depth compressed for the DSV while the shader samples it. Bind a read-only DSV (D3D12_DSV_FLAG_READ_ONLY_DEPTH)
// while the depth is also a shader resource. Legacy states only; unknown states are never reported.
import { USE_NEEDS, legacyStateAllows } from '../model/uses';
import { formatLegacyState } from '../model/messages';
import { defineRule } from './define-rule';
import { compareTracked, relatedFor } from './support/tracked-helpers';

const PIXEL_SHADER_RESOURCE = 0x80;

export const rule = defineRule({
  meta: {
    id: 'writable-depth-shader-resource',
    description: 'A draw binds a writable depth stencil view over a depth buffer whose state includes PIXEL_SHADER_RESOURCE.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandQueue::ExecuteCommandLists',
    catalog: ['LB-25'],
    messages: {
      writable: "Using {{method}}{{list}}: Resource ('{{name}}'){{sub}} is bound through a writable depth stencil view while its state ({{actual}}) includes D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE; bind a read-only DSV (D3D12_DSV_FLAG_READ_ONLY_DEPTH) while shaders read the depth buffer.",
    },
  },
  create(ctx) {
    const seen = new Set<string>();
    const need = USE_NEEDS['depth-bound'];
    return {
      tracked: {
        gpuUse(e, uses, tctx) {
          for (const u of uses) {
            if (u.use !== 'depth-bound' || !u.writableDepth || u.unseen || u.met.deactivated || u.met.split) continue;
            const legacyKnown = u.met.lastModel === 'legacy' || (u.met.lastModel === null && u.met.legacyFromCreation && !u.met.legacy.unknown);
            if (!legacyKnown || u.met.legacy.unknown) continue;
            const values = [...u.met.legacy.values.keys()];
            // A state without the depth bits is #538's error (invalid-subresource-state), not this warning.
            if (values.length === 0 || !values.every((v) => legacyStateAllows(need, v))) continue;
            const c = compareTracked(u.met.legacy, (v) => (v & PIXEL_SHADER_RESOURCE) === 0);
            // Every path has the bit: a path that drops it may be the only one taken.
            if (c.severity !== 'error') continue;
            const [actual, origin] = c.mismatches[0];
            const key = `${u.key}|${origin.range.startLine}:${origin.range.startColumn}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const name = u.ref.text.replace(/\s+/g, ' ');
            ctx.report({
              messageKey: 'writable', range: tctx.range, resource: name, related: relatedFor(tctx, c),
              fingerprintText: `writable-dsv-psr|${u.key}`,
              data: {
                method: e.method, list: tctx.list ? ` on Command List ('${tctx.list}')` : '', name,
                sub: u.subresource === null ? '' : ` (subresource: ${u.subresource})`, actual: formatLegacyState(actual),
              },
            });
          }
        },
      },
    };
  },
});
