// Unit tests for server/src/model/sync-access.ts against rows of eb-rules.md A.1.1, C.4.1, C.4.2 and C.0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ACCESS, SYNC } from '../../server/src/model/enums';
import {
  ACCESS_NO_ACCESS, ACCESS_SCOPE_FOR_SYNC, AGGREGATE_SYNC_MASK, ALLOWED_SYNC_FOR_ACCESS, WRITE_ACCESS_MASK, expandSync, incompatibleAccessBits, isSyncAccessCompatible,
  syncBitsWithoutAccess, syncNoneOrdWithOthers, syncNoneViolation, writeTypeCount, writes,
} from '../../server/src/model/sync-access';

const S = SYNC;
const A = ACCESS;

void test('expandSync: DRAW, ALL_SHADING, NON_PIXEL_SHADING expand to their stages and keep themselves', () => {
  assert.equal(expandSync(S.DRAW),
    S.DRAW | S.INDEX_INPUT | S.VERTEX_SHADING | S.PIXEL_SHADING | S.DEPTH_STENCIL | S.RENDER_TARGET);
  assert.equal(expandSync(S.ALL_SHADING), S.ALL_SHADING | S.VERTEX_SHADING | S.PIXEL_SHADING | S.COMPUTE_SHADING);
  assert.equal(expandSync(S.NON_PIXEL_SHADING), S.NON_PIXEL_SHADING | S.VERTEX_SHADING | S.COMPUTE_SHADING);
  assert.equal(expandSync(S.COPY), S.COPY);
  assert.equal(expandSync(0), 0);
});

void test('expandSync: ALL is every defined scope except NONE and SPLIT (C.23 #4)', () => {
  const all = expandSync(S.ALL);
  for (const name of ['ALL_SHADING', 'NON_PIXEL_SHADING', 'BUILD_RAYTRACING_ACCELERATION_STRUCTURE',
    'COPY_RAYTRACING_ACCELERATION_STRUCTURE', 'EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO',
    'VIDEO_ENCODE', 'CLEAR_UNORDERED_ACCESS_VIEW', 'PREDICATION']) {
    assert.ok((all & S[name]) !== 0, name);
  }
  assert.equal(all & S.SPLIT, 0);
  assert.ok((expandSync(S.ALL | S.SPLIT) & S.SPLIT) !== 0, 'SPLIT is kept as given');
});

void test('C.4.1 rows: compatible pairs', () => {
  const ok: Array<[number, number]> = [
    [S.ALL, A.RENDER_TARGET], [S.RENDER_TARGET, A.RENDER_TARGET], [S.DRAW, A.DEPTH_STENCIL_READ],
    [S.INDEX_INPUT, A.INDEX_BUFFER], [S.COPY, A.COPY_DEST | A.COPY_SOURCE], [S.RESOLVE, A.RESOLVE_SOURCE],
    [S.EXECUTE_INDIRECT, A.INDIRECT_ARGUMENT], [S.PREDICATION, A.PREDICATION],
    [S.CLEAR_UNORDERED_ACCESS_VIEW, A.UNORDERED_ACCESS], [S.RAYTRACING, A.SHADER_RESOURCE],
    [S.BUILD_RAYTRACING_ACCELERATION_STRUCTURE, A.SHADER_RESOURCE],
    [S.EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO, A.UNORDERED_ACCESS],
    [S.COMPUTE_SHADING, A.RAYTRACING_ACCELERATION_STRUCTURE_WRITE], [S.PIXEL_SHADING, A.SHADING_RATE_SOURCE],
    [S.VIDEO_DECODE, A.VIDEO_DECODE_WRITE], [S.ALL_SHADING, A.CONSTANT_BUFFER],
  ];
  for (const [s, a] of ok) assert.equal(incompatibleAccessBits(s, a), 0, `${s.toString(16)}/${a.toString(16)}`);
});

void test('C.4.1 rows: incompatible pairs return the offending access bits', () => {
  assert.equal(incompatibleAccessBits(S.PIXEL_SHADING, A.VERTEX_BUFFER), A.VERTEX_BUFFER);
  assert.equal(incompatibleAccessBits(S.COPY, A.SHADER_RESOURCE | A.COPY_SOURCE), A.SHADER_RESOURCE);
  assert.equal(incompatibleAccessBits(S.DRAW, A.COPY_DEST), A.COPY_DEST);
  assert.equal(incompatibleAccessBits(S.VERTEX_SHADING, A.INDEX_BUFFER), A.INDEX_BUFFER);
  assert.equal(incompatibleAccessBits(S.ALL_SHADING, A.RENDER_TARGET), A.RENDER_TARGET);
  assert.equal(incompatibleAccessBits(S.COMPUTE_SHADING, A.SHADING_RATE_SOURCE), A.SHADING_RATE_SOURCE);
  assert.equal(incompatibleAccessBits(S.VIDEO_ENCODE, A.VIDEO_DECODE_READ), A.VIDEO_DECODE_READ);
  assert.equal(incompatibleAccessBits(S.RAYTRACING, A.COPY_DEST), A.COPY_DEST);
});

void test('ALL is compatible with every access; NON_PIXEL_SHADING with SRV/UAV/CB but not SRS or RT', () => {
  for (const [name, bit] of Object.entries(A)) {
    if (name === 'COMMON' || name === 'NO_ACCESS') continue;
    assert.equal(incompatibleAccessBits(S.ALL, bit), 0, name);
  }
  assert.equal(incompatibleAccessBits(S.NON_PIXEL_SHADING, A.SHADER_RESOURCE), 0);
  assert.equal(incompatibleAccessBits(S.NON_PIXEL_SHADING, A.UNORDERED_ACCESS | A.CONSTANT_BUFFER), 0);
  assert.equal(incompatibleAccessBits(S.NON_PIXEL_SHADING, A.RAYTRACING_ACCELERATION_STRUCTURE_READ), 0);
  assert.equal(incompatibleAccessBits(S.NON_PIXEL_SHADING, A.SHADING_RATE_SOURCE), A.SHADING_RATE_SOURCE);
  assert.equal(incompatibleAccessBits(S.NON_PIXEL_SHADING, A.RENDER_TARGET), A.RENDER_TARGET);
});

void test('NONE, COMMON and NO_ACCESS (EB-SYNC-03/04, EB-SYNC-ACCESS-02/03)', () => {
  assert.equal(incompatibleAccessBits(0, A.SHADER_RESOURCE), A.SHADER_RESOURCE);
  assert.equal(incompatibleAccessBits(0, ACCESS_NO_ACCESS), 0);
  assert.equal(isSyncAccessCompatible(0, A.COMMON), false);
  assert.equal(isSyncAccessCompatible(S.COPY, A.COMMON), true);
  assert.equal(isSyncAccessCompatible(0, ACCESS_NO_ACCESS), true);
  assert.equal(syncNoneViolation(0, A.COMMON), true);
  assert.equal(syncNoneViolation(0, ACCESS_NO_ACCESS), false);
  assert.equal(syncNoneViolation(S.ALL, A.COMMON), false);
  assert.equal(incompatibleAccessBits(S.COMPUTE_SHADING, ACCESS_NO_ACCESS), 0);
  assert.equal(incompatibleAccessBits(S.RENDER_TARGET, ACCESS_NO_ACCESS), 0);
  assert.equal(incompatibleAccessBits(S.CLEAR_UNORDERED_ACCESS_VIEW, ACCESS_NO_ACCESS), ACCESS_NO_ACCESS);
  assert.equal(incompatibleAccessBits(S.ALL, ACCESS_NO_ACCESS), 0);
  assert.equal(syncNoneOrdWithOthers(['NONE', 'COPY']), true);
  assert.equal(syncNoneOrdWithOthers(['NONE']), false);
});

void test('a SPLIT side is not checked', () => {
  assert.equal(incompatibleAccessBits(S.SPLIT, A.RENDER_TARGET), 0);
});

void test('C.4.2 strict mode: sync bits with nothing in scope', () => {
  assert.equal(syncBitsWithoutAccess(S.COPY | S.PIXEL_SHADING, A.COPY_DEST), S.PIXEL_SHADING);
  assert.equal(syncBitsWithoutAccess(S.COMPUTE_SHADING, A.UNORDERED_ACCESS), 0);
  assert.equal(syncBitsWithoutAccess(S.COMPUTE_SHADING, A.RENDER_TARGET), S.COMPUTE_SHADING); // C.23 #1
  assert.equal(syncBitsWithoutAccess(S.RAYTRACING, A.SHADER_RESOURCE), 0); // C.23 #3
  assert.equal(syncBitsWithoutAccess(S.BUILD_RAYTRACING_ACCELERATION_STRUCTURE, A.COPY_SOURCE),
    S.BUILD_RAYTRACING_ACCELERATION_STRUCTURE);
  assert.equal(syncBitsWithoutAccess(S.ALL | S.DRAW, A.COPY_DEST), 0); // aggregates are not checked
  assert.equal(syncBitsWithoutAccess(S.COPY, A.COMMON), 0);
  assert.equal(syncBitsWithoutAccess(S.COPY, ACCESS_NO_ACCESS), 0);
});

void test('C.0 writes()', () => {
  assert.equal(writes(A.RENDER_TARGET | A.SHADER_RESOURCE), A.RENDER_TARGET);
  assert.equal(writes(A.UNORDERED_ACCESS), A.UNORDERED_ACCESS);
  assert.equal(writes(A.COMMON), 0);
  assert.equal(writes(ACCESS_NO_ACCESS), 0);
  assert.equal(writes(A.DEPTH_STENCIL_READ | A.COPY_SOURCE), 0);
  assert.equal(writeTypeCount(A.COPY_DEST | A.RESOLVE_DEST | A.VIDEO_ENCODE_WRITE), 3);
  assert.equal(WRITE_ACCESS_MASK & A.RAYTRACING_ACCELERATION_STRUCTURE_READ, 0);
});

void test('C.4.2 is the inverse of C.4.1 for every non-aggregate sync bit (after the C.23 corrections)', () => {
  for (const [syncBit, scope] of ACCESS_SCOPE_FOR_SYNC) {
    if ((syncBit & AGGREGATE_SYNC_MASK) !== 0) continue;
    let inverse = 0;
    for (const [accessBit, allowed] of ALLOWED_SYNC_FOR_ACCESS) if ((allowed & syncBit) !== 0) inverse |= accessBit;
    assert.equal(scope, inverse >>> 0, `sync 0x${syncBit.toString(16)}`);
  }
});
