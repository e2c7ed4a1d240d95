// Unit tests for server/src/model/layouts.ts against rows of eb-rules.md C.5.1, C.5.2 and C.6.1–C.6.3.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ACCESS, LAYOUT, LAYOUT_UNDEFINED, RESOURCE_FLAGS, SYNC } from '../../server/src/model/enums';
import {
  accessAllowedByLayout, disallowedAccessOnList, disallowedSyncOnList, isAccessAllowedByLayout, isValidLayout,
  COMMAND_LIST_TYPES, LAYOUT_ACCESS, layoutAllowedOnList, resourceFlagProblems,
} from '../../server/src/model/layouts';

const A = ACCESS;
const L = LAYOUT;
const NO = ACCESS.NO_ACCESS;

void test('C.5.1 rows: permitted and disallowed access bits', () => {
  assert.equal(accessAllowedByLayout(L.RENDER_TARGET, A.RENDER_TARGET), 0);
  assert.equal(accessAllowedByLayout(L.RENDER_TARGET, A.RENDER_TARGET | A.SHADER_RESOURCE), A.SHADER_RESOURCE);
  assert.equal(accessAllowedByLayout(L.DEPTH_STENCIL_WRITE, A.DEPTH_STENCIL_READ | A.DEPTH_STENCIL_WRITE), 0);
  assert.equal(accessAllowedByLayout(L.DEPTH_STENCIL_READ, A.DEPTH_STENCIL_WRITE), A.DEPTH_STENCIL_WRITE);
  assert.equal(accessAllowedByLayout(L.GENERIC_READ, A.SHADER_RESOURCE | A.COPY_SOURCE), 0);
  // C.23 #16: GENERIC_READ does not permit depth/shading-rate/resolve reads; DIRECT_QUEUE_GENERIC_READ does.
  assert.equal(accessAllowedByLayout(L.GENERIC_READ, A.DEPTH_STENCIL_READ), A.DEPTH_STENCIL_READ);
  assert.equal(accessAllowedByLayout(L.DIRECT_QUEUE_GENERIC_READ, A.DEPTH_STENCIL_READ | A.RESOLVE_SOURCE), 0);
  assert.equal(accessAllowedByLayout(L.DIRECT_QUEUE_COMMON, A.UNORDERED_ACCESS), 0);
  assert.equal(accessAllowedByLayout(L.COMPUTE_QUEUE_COPY_DEST, A.COPY_SOURCE), A.COPY_SOURCE);
  assert.equal(accessAllowedByLayout(L.VIDEO_ENCODE_WRITE, A.VIDEO_ENCODE_WRITE), 0);
  assert.equal(accessAllowedByLayout(L.DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE, A.SHADING_RATE_SOURCE), 0);
});

void test('COMMON layout: non-simultaneous vs simultaneous textures; PRESENT alias', () => {
  assert.equal(L.PRESENT, L.COMMON);
  assert.equal(accessAllowedByLayout(L.PRESENT, A.COPY_DEST | A.SHADER_RESOURCE), 0);
  assert.equal(accessAllowedByLayout(L.COMMON, A.UNORDERED_ACCESS), A.UNORDERED_ACCESS);
  assert.equal(accessAllowedByLayout(L.COMMON, A.RENDER_TARGET | A.UNORDERED_ACCESS, { simultaneous: true }), 0);
  assert.equal(accessAllowedByLayout(L.COMMON, A.RESOLVE_DEST, { simultaneous: true }), 0);
  // C.23 #17: VB/DS on a simultaneous texture remain disallowed.
  assert.equal(accessAllowedByLayout(L.COMMON, A.VERTEX_BUFFER, { simultaneous: true }), A.VERTEX_BUFFER);
  assert.equal(accessAllowedByLayout(L.COMMON, A.DEPTH_STENCIL_READ, { simultaneous: true }), A.DEPTH_STENCIL_READ);
});

void test('UNDEFINED, NO_ACCESS and ACCESS_COMMON', () => {
  assert.equal(accessAllowedByLayout(LAYOUT_UNDEFINED, NO), 0);
  assert.equal(accessAllowedByLayout(LAYOUT_UNDEFINED, A.SHADER_RESOURCE), A.SHADER_RESOURCE);
  assert.equal(accessAllowedByLayout(LAYOUT_UNDEFINED, A.SHADER_RESOURCE, { bothUndefined: true }), 0);
  assert.equal(accessAllowedByLayout(L.RENDER_TARGET, NO), 0);
  assert.equal(isAccessAllowedByLayout(L.RENDER_TARGET, A.COMMON), true);
  assert.equal(isAccessAllowedByLayout(LAYOUT_UNDEFINED, A.COMMON), false);
  assert.equal(isAccessAllowedByLayout(LAYOUT_UNDEFINED, A.COMMON, { bothUndefined: true }), true);
  assert.equal(accessAllowedByLayout(32, A.RENDER_TARGET), 0, 'invalid layouts are EB-LAYOUT-01, not this check');
});

void test('valid layout values', () => {
  // 30: VIDEO_QUEUE_COMMON of the 2021–2025 headers (invalid-layout-value.md).
  for (const v of [0, 1, 17, 29, 30, 31, LAYOUT_UNDEFINED]) assert.ok(isValidLayout(v), String(v));
  for (const v of [32, 0x80000000, 0x80000003]) assert.ok(!isValidLayout(v), String(v));
});

void test('C.5.2 resource-flag needs', () => {
  const F = RESOURCE_FLAGS;
  assert.deepEqual(resourceFlagProblems(0, { layout: L.RENDER_TARGET }), { missing: F.ALLOW_RENDER_TARGET, present: 0 });
  assert.deepEqual(resourceFlagProblems(F.ALLOW_RENDER_TARGET, { layout: L.RENDER_TARGET, access: A.RENDER_TARGET }),
    { missing: 0, present: 0 });
  assert.deepEqual(resourceFlagProblems(F.DENY_SHADER_RESOURCE | F.ALLOW_DEPTH_STENCIL, { layout: L.SHADER_RESOURCE }),
    { missing: 0, present: F.DENY_SHADER_RESOURCE });
  assert.deepEqual(resourceFlagProblems(0, { layout: L.DIRECT_QUEUE_GENERIC_READ, access: A.DEPTH_STENCIL_READ }),
    { missing: F.ALLOW_DEPTH_STENCIL, present: 0 });
  assert.deepEqual(resourceFlagProblems(0, { layout: L.COMPUTE_QUEUE_UNORDERED_ACCESS }),
    { missing: F.ALLOW_UNORDERED_ACCESS, present: 0 });
  assert.deepEqual(resourceFlagProblems(0, { layout: L.COPY_DEST }), { missing: 0, present: 0 });
});

void test('C.6.1 layouts per command-list type', () => {
  assert.ok(layoutAllowedOnList(L.RENDER_TARGET, 'direct'));
  assert.ok(!layoutAllowedOnList(L.RENDER_TARGET, 'compute'));
  assert.ok(!layoutAllowedOnList(L.COMPUTE_QUEUE_COMMON, 'direct'));
  assert.ok(layoutAllowedOnList(L.COMPUTE_QUEUE_COMMON, 'compute'));
  assert.ok(!layoutAllowedOnList(L.DIRECT_QUEUE_SHADER_RESOURCE, 'compute'));
  assert.ok(layoutAllowedOnList(L.COMMON, 'copy'));
  assert.ok(!layoutAllowedOnList(L.COPY_DEST, 'copy'));
  assert.ok(layoutAllowedOnList(LAYOUT_UNDEFINED, 'copy'));
  assert.ok(layoutAllowedOnList(L.VIDEO_DECODE_WRITE, 'video-decode'));
  assert.ok(!layoutAllowedOnList(L.VIDEO_DECODE_WRITE, 'video-encode'));
  assert.ok(!layoutAllowedOnList(L.COMMON, 'bundle'));
  // EB-LAYOUT-08: compute may only access the compute-accessible direct generic read layout.
  const dqgr = L.DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE;
  assert.ok(layoutAllowedOnList(dqgr, 'direct'));
  assert.ok(!layoutAllowedOnList(dqgr, 'compute'));
  assert.ok(layoutAllowedOnList(dqgr, 'compute', { transition: false }));
});

void test('C.6.2 access per command-list type', () => {
  assert.equal(disallowedAccessOnList(A.VERTEX_BUFFER | A.CONSTANT_BUFFER, 'compute'), A.VERTEX_BUFFER);
  assert.equal(disallowedAccessOnList(A.PREDICATION | A.UNORDERED_ACCESS, 'compute'), 0);
  assert.equal(disallowedAccessOnList(A.COPY_DEST | A.SHADER_RESOURCE, 'copy'), A.SHADER_RESOURCE);
  assert.equal(disallowedAccessOnList(A.COMMON, 'copy'), 0);
  assert.equal(disallowedAccessOnList(NO, 'video-process'), 0);
  assert.equal(disallowedAccessOnList(A.VIDEO_DECODE_READ, 'direct'), A.VIDEO_DECODE_READ);
  assert.equal(disallowedAccessOnList(A.SHADING_RATE_SOURCE, 'direct'), 0);
});

void test('C.6.3 sync per command-list type', () => {
  assert.equal(disallowedSyncOnList(SYNC.ALL_SHADING | SYNC.NON_PIXEL_SHADING, 'compute'), 0);
  assert.equal(disallowedSyncOnList(SYNC.PREDICATION, 'compute'), 0);
  assert.equal(disallowedSyncOnList(SYNC.DRAW | SYNC.COMPUTE_SHADING, 'compute'), SYNC.DRAW);
  assert.equal(disallowedSyncOnList(SYNC.COPY | SYNC.SPLIT, 'copy'), 0);
  assert.equal(disallowedSyncOnList(SYNC.COMPUTE_SHADING, 'copy'), SYNC.COMPUTE_SHADING);
  assert.equal(disallowedSyncOnList(0, 'video-encode'), 0);
  assert.equal(disallowedSyncOnList(SYNC.VIDEO_DECODE, 'video-process'), SYNC.VIDEO_DECODE);
  assert.equal(disallowedSyncOnList(SYNC.CLEAR_UNORDERED_ACCESS_VIEW, 'direct'), 0);
});

void test('cross-table: each valid layout is usable with all its accesses on some list type that allows it', () => {
  for (const [name, value] of Object.entries(L)) {
    if (value === LAYOUT_UNDEFINED) continue;
    const permitted = LAYOUT_ACCESS.get(value >>> 0)!;
    const lists = COMMAND_LIST_TYPES.filter((list) => layoutAllowedOnList(value, list));
    assert.ok(lists.length > 0, `${name} allowed on no list`);
    // The retired VIDEO_QUEUE_COMMON's table (COPY_SOURCE, COPY_DEST) and its text (video queues only) disagree; both
    // are accepted on purpose (layouts.ts), so no one list allows all of them.
    if (name === 'VIDEO_QUEUE_COMMON') continue;
    assert.ok(lists.some((list) => disallowedAccessOnList(permitted, list) === 0),
      `${name}: no list allows all of its accesses`);
  }
});
