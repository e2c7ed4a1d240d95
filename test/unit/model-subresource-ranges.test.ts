// Unit tests for server/src/model/subresource-ranges.ts (EB-SUBRES-01, LB-14) and the command-list type
// formatters of server/src/model/messages.ts (A.8, E7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commandListTypeWords, formatCommandListType } from '../../server/src/model/messages';
import type { SubresourceSelection } from '../../server/src/model/subresource-ranges';
import { describeSelection, selectionOfRange, selectionsOverlap } from '../../server/src/model/subresource-ranges';

const index = (i: number): SubresourceSelection => ({ kind: 'index', index: i });
const box = (firstMip: number, numMips: number, firstSlice = 0, numSlices = 1, firstPlane = 0, numPlanes = 1): SubresourceSelection =>
  ({ kind: 'range', firstMip, numMips, firstSlice, numSlices, firstPlane, numPlanes });

void test('EB-SUBRES-01: NumMipLevels 0 selects the index form', () => {
  assert.deepEqual(selectionOfRange({ IndexOrFirstMipLevel: 0xffffffff, NumMipLevels: 0, FirstArraySlice: 3, NumArraySlices: 1, FirstPlane: 0, NumPlanes: 1 }), index(0xffffffff));
  assert.deepEqual(selectionOfRange({ IndexOrFirstMipLevel: 2, NumMipLevels: 1, FirstArraySlice: 0, NumArraySlices: 6, FirstPlane: 0, NumPlanes: 1 }), box(2, 1, 0, 6));
});

void test('overlap: indices, ALL_SUBRESOURCES, boxes, empty boxes, undecidable mixes', () => {
  assert.equal(selectionsOverlap(index(3), index(3)), true);
  assert.equal(selectionsOverlap(index(3), index(4)), false);
  assert.equal(selectionsOverlap(index(0xffffffff), index(4)), true);
  assert.equal(selectionsOverlap(index(0xffffffff), box(1, 2)), true);
  assert.equal(selectionsOverlap(box(0, 2), box(1, 3)), true);
  assert.equal(selectionsOverlap(box(0, 1), box(1, 3)), false);
  assert.equal(selectionsOverlap(box(0, 4, 0, 1), box(0, 4, 1, 1)), false, 'different array slices');
  assert.equal(selectionsOverlap(box(0, 1, 0, 1, 0, 1), box(0, 1, 0, 1, 1, 1)), false, 'depth vs stencil plane');
  assert.equal(selectionsOverlap(box(0, 1, 0, 0), box(0, 1)), false, 'NumArraySlices 0 selects nothing');
  assert.equal(selectionsOverlap(index(0), box(0, 1)), undefined, 'needs the resource\'s mip and slice counts');
});

void test('describeSelection', () => {
  assert.equal(describeSelection(index(0xffffffff)), 'all subresources');
  assert.equal(describeSelection(index(5)), 'subresource 5');
  assert.equal(describeSelection(box(1, 2, 0, 1, 0, 2)), 'mips 1-2, array slice 0, planes 0-1');
});

void test('A.8 list type names and E7 wording', () => {
  assert.equal(formatCommandListType('compute'), 'D3D12_COMMAND_LIST_TYPE_COMPUTE');
  assert.equal(formatCommandListType('video-decode'), 'D3D12_COMMAND_LIST_TYPE_VIDEO_DECODE');
  assert.equal(commandListTypeWords('compute'), 'compute');
  assert.equal(commandListTypeWords('video-process'), 'video process');
});
