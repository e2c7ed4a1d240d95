// Unit tests for computeOnlySync (server/src/model/legacy-states.ts): legacy states whose A.6 sync spans whole
// groups of shader stages, and the compute-only sync an enhanced barrier can name instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RESOURCE_STATES, SYNC } from '../../server/src/model/enums';
import { computeOnlySync } from '../../server/src/model/legacy-states';

const R = RESOURCE_STATES;
const RTAS = SYNC.BUILD_RAYTRACING_ACCELERATION_STRUCTURE | SYNC.COPY_RAYTRACING_ACCELERATION_STRUCTURE
  | SYNC.EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO;

void test('broad states: translated and compute-only sync', () => {
  assert.deepEqual(computeOnlySync(R.NON_PIXEL_SHADER_RESOURCE), { translated: SYNC.NON_PIXEL_SHADING, computeOnly: SYNC.COMPUTE_SHADING });
  assert.deepEqual(computeOnlySync(R.UNORDERED_ACCESS), { translated: (SYNC.ALL_SHADING | RTAS) >>> 0, computeOnly: SYNC.COMPUTE_SHADING });
  assert.deepEqual(computeOnlySync(R.ALL_SHADER_RESOURCE),
    { translated: SYNC.NON_PIXEL_SHADING | SYNC.PIXEL_SHADING, computeOnly: SYNC.COMPUTE_SHADING | SYNC.PIXEL_SHADING });
});

void test('narrow, buffer-only and combined states are not advised on', () => {
  for (const s of [R.COMMON, R.PIXEL_SHADER_RESOURCE, R.RENDER_TARGET, R.COPY_DEST, R.VERTEX_AND_CONSTANT_BUFFER,
    R.GENERIC_READ, R.NON_PIXEL_SHADER_RESOURCE | R.COPY_SOURCE]) {
    assert.equal(computeOnlySync(s), undefined, `state 0x${s.toString(16)}`);
  }
});
