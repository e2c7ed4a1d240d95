// Unit tests for server/src/model/legacy-states.ts against rows of eb-rules.md A.6 and C.21 (LB-06/07/10).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ACCESS, LAYOUT, LAYOUT_UNDEFINED, RESOURCE_STATES, SYNC } from '../../server/src/model/enums';
import {
  LEGACY_STATES, invalidStateCombination, legacyToEnhanced, promotableFromCommon, stateClass, statesInvalidOnList,
} from '../../server/src/model/legacy-states';

const R = RESOURCE_STATES;
const A = ACCESS;

void test('A.6 rows: class, layout, access, sync', () => {
  const rt = LEGACY_STATES.get(R.RENDER_TARGET)!;
  assert.deepEqual([rt.cls, rt.layout, rt.access, rt.sync], ['write', LAYOUT.RENDER_TARGET, A.RENDER_TARGET,
    SYNC.RENDER_TARGET]);
  const ib = LEGACY_STATES.get(R.INDEX_BUFFER)!;
  assert.deepEqual([ib.cls, ib.layout, ib.access, ib.sync], ['read', null, A.INDEX_BUFFER, SYNC.INDEX_INPUT]);
  const npsr = LEGACY_STATES.get(R.NON_PIXEL_SHADER_RESOURCE)!;
  assert.deepEqual([npsr.layout, npsr.orCommon, npsr.sync], [LAYOUT.SHADER_RESOURCE, true, SYNC.NON_PIXEL_SHADING]);
  assert.equal(LEGACY_STATES.get(R.PREDICATION)!.name, 'INDIRECT_ARGUMENT');
  assert.equal(LEGACY_STATES.get(R.VIDEO_ENCODE_WRITE)!.sync, SYNC.VIDEO_ENCODE);
  assert.equal(LEGACY_STATES.get(R.UNORDERED_ACCESS)!.cls, 'read-write');
});

void test('stateClass', () => {
  assert.equal(stateClass(R.COMMON), 'common');
  assert.equal(stateClass(R.PRESENT), 'common');
  assert.equal(stateClass(R.GENERIC_READ), 'read');
  assert.equal(stateClass(R.COPY_DEST), 'write');
  assert.equal(stateClass(R.UNORDERED_ACCESS), 'read-write');
  assert.equal(stateClass(R.RAYTRACING_ACCELERATION_STRUCTURE), 'rtas');
  assert.equal(stateClass(R.RENDER_TARGET | R.PIXEL_SHADER_RESOURCE), 'invalid');
});

void test('LB-06 invalidStateCombination', () => {
  assert.equal(invalidStateCombination(R.GENERIC_READ), undefined);
  assert.equal(invalidStateCombination(R.DEPTH_READ | R.PIXEL_SHADER_RESOURCE), undefined);
  assert.equal(invalidStateCombination(0), undefined);
  assert.deepEqual(invalidStateCombination(R.RENDER_TARGET | R.COPY_DEST),
    { kind: 'multiple-writes', bits: R.RENDER_TARGET | R.COPY_DEST });
  assert.equal(invalidStateCombination(R.UNORDERED_ACCESS | R.NON_PIXEL_SHADER_RESOURCE)?.kind, 'read-and-write');
  assert.equal(invalidStateCombination(R.DEPTH_WRITE | R.DEPTH_READ)?.kind, 'read-and-write');
  assert.equal(invalidStateCombination(R.RAYTRACING_ACCELERATION_STRUCTURE | R.NON_PIXEL_SHADER_RESOURCE)?.kind,
    'rtas-combined');
  assert.deepEqual(invalidStateCombination(0x4000 | R.COPY_SOURCE), { kind: 'reserved-bits', bits: 0x4000 });
  assert.equal(invalidStateCombination(0x4000, { allowed: 0x4000 }), undefined);
  assert.deepEqual(invalidStateCombination(0x2000000), { kind: 'undefined-bits', bits: 0x2000000 });
});

void test('legacyToEnhanced: single states on textures and buffers', () => {
  assert.deepEqual(legacyToEnhanced(R.COMMON, true), { layout: LAYOUT.COMMON, access: 0, sync: SYNC.ALL,
    alsoCommon: false });
  assert.deepEqual(legacyToEnhanced(R.COMMON, false), { layout: LAYOUT_UNDEFINED, access: 0, sync: SYNC.ALL,
    alsoCommon: false });
  assert.deepEqual(legacyToEnhanced(R.RENDER_TARGET, true), { layout: LAYOUT.RENDER_TARGET,
    access: A.RENDER_TARGET, sync: SYNC.RENDER_TARGET, alsoCommon: false });
  assert.deepEqual(legacyToEnhanced(R.COPY_DEST, true), { layout: LAYOUT.COPY_DEST, access: A.COPY_DEST,
    sync: SYNC.COPY, alsoCommon: true });
  assert.deepEqual(legacyToEnhanced(R.PIXEL_SHADER_RESOURCE, true), { layout: LAYOUT.SHADER_RESOURCE,
    access: A.SHADER_RESOURCE, sync: SYNC.PIXEL_SHADING, alsoCommon: true });
  const vcb = legacyToEnhanced(R.VERTEX_AND_CONSTANT_BUFFER, false);
  assert.deepEqual(vcb, { layout: LAYOUT_UNDEFINED, access: A.VERTEX_BUFFER | A.CONSTANT_BUFFER,
    sync: SYNC.ALL_SHADING, alsoCommon: false });
  assert.equal(legacyToEnhanced(R.INDEX_BUFFER, true).layout, null);
  assert.equal(legacyToEnhanced(R.PREDICATION, false).sync, SYNC.PREDICATION);
});

void test('legacyToEnhanced: combined read states', () => {
  const all = legacyToEnhanced(R.ALL_SHADER_RESOURCE, true);
  assert.deepEqual(all, { layout: LAYOUT.SHADER_RESOURCE, access: A.SHADER_RESOURCE,
    sync: SYNC.NON_PIXEL_SHADING | SYNC.PIXEL_SHADING, alsoCommon: true });
  const gr = legacyToEnhanced(R.GENERIC_READ, true);
  assert.equal(gr.layout, LAYOUT.DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE);
  assert.equal(gr.access, A.SHADER_RESOURCE | A.COPY_SOURCE);
  assert.equal(gr.sync, SYNC.NON_PIXEL_SHADING | SYNC.PIXEL_SHADING | SYNC.COPY);
  const grb = legacyToEnhanced(R.GENERIC_READ, false);
  assert.equal(grb.access, A.VERTEX_BUFFER | A.CONSTANT_BUFFER | A.INDEX_BUFFER | A.SHADER_RESOURCE |
    A.INDIRECT_ARGUMENT | A.COPY_SOURCE);
  assert.equal(legacyToEnhanced(R.NON_PIXEL_SHADER_RESOURCE | R.COPY_SOURCE, true).layout,
    LAYOUT.DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE);
  assert.equal(legacyToEnhanced(R.PIXEL_SHADER_RESOURCE | R.COPY_SOURCE, true).layout, LAYOUT.GENERIC_READ);
  assert.equal(legacyToEnhanced(R.DEPTH_READ | R.PIXEL_SHADER_RESOURCE, true).layout,
    LAYOUT.DIRECT_QUEUE_GENERIC_READ);
  assert.equal(legacyToEnhanced(R.RENDER_TARGET | R.COPY_DEST, true).layout, null);
});

void test('LB-10 promotableFromCommon', () => {
  const tex = { isBufferOrSimultaneous: false };
  const buf = { isBufferOrSimultaneous: true };
  assert.ok(promotableFromCommon(R.COMMON, tex));
  assert.ok(promotableFromCommon(R.ALL_SHADER_RESOURCE | R.COPY_SOURCE, tex));
  assert.ok(promotableFromCommon(R.COPY_DEST, tex));
  assert.ok(!promotableFromCommon(R.RENDER_TARGET, tex));
  assert.ok(!promotableFromCommon(R.GENERIC_READ, tex));
  assert.ok(promotableFromCommon(R.RENDER_TARGET, buf));
  assert.ok(promotableFromCommon(R.GENERIC_READ, buf));
  assert.ok(!promotableFromCommon(R.DEPTH_READ, buf));
  assert.ok(!promotableFromCommon(R.COPY_DEST | R.COPY_SOURCE, buf));
});

void test('LB-07 statesInvalidOnList', () => {
  assert.equal(statesInvalidOnList(R.RENDER_TARGET, 'compute'), R.RENDER_TARGET);
  assert.equal(statesInvalidOnList(R.PIXEL_SHADER_RESOURCE, 'compute'), R.PIXEL_SHADER_RESOURCE);
  assert.equal(statesInvalidOnList(R.GENERIC_READ, 'compute'), R.PIXEL_SHADER_RESOURCE | R.INDEX_BUFFER);
  assert.equal(statesInvalidOnList(R.VERTEX_AND_CONSTANT_BUFFER | R.NON_PIXEL_SHADER_RESOURCE, 'compute'), 0);
  assert.equal(statesInvalidOnList(R.UNORDERED_ACCESS | R.DEPTH_READ, 'compute'), R.DEPTH_READ);
  assert.equal(statesInvalidOnList(R.COPY_DEST, 'copy'), 0);
  assert.equal(statesInvalidOnList(R.NON_PIXEL_SHADER_RESOURCE, 'copy'), R.NON_PIXEL_SHADER_RESOURCE);
  assert.equal(statesInvalidOnList(R.COMMON, 'copy'), 0);
  assert.equal(statesInvalidOnList(R.VIDEO_DECODE_READ, 'video-decode'), 0);
  assert.equal(statesInvalidOnList(R.VIDEO_DECODE_READ, 'direct'), R.VIDEO_DECODE_READ);
  assert.equal(statesInvalidOnList(R.RESOLVE_SOURCE | R.SHADING_RATE_SOURCE, 'direct'), 0);
});
