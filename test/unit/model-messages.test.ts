// Unit tests for server/src/model/messages.ts against eb-rules.md A.13 and the D.1/D.2 text format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ACCESS, LAYOUT, SYNC } from '../../server/src/model/enums';
import {
  bracket, breakLine, categoryFor, debugLayerLine, formatAccess, formatLayout, formatLegacyState, formatSync,
  messageByName, messageByNumber,
} from '../../server/src/model/messages';

void test('A.13 lookups by number and name', () => {
  assert.equal(messageByNumber(1334)?.name, 'INCOMPATIBLE_BARRIER_LAYOUT');
  assert.equal(messageByNumber(527)?.observedCategory, 'RESOURCE_MANIPULATION');
  assert.equal(messageByNumber(954)?.observedSeverity, 'WARNING');
  assert.equal(messageByName('D3D12_MESSAGE_ID_INCOMPATIBLE_BARRIER_VALUES')?.number, 1331);
  assert.equal(messageByName('RENDER_TARGET_OR_DEPTH_STENCIL_RESOUCE_NOT_INITIALIZED')?.number, 1422);
  assert.equal(messageByName('GPU_BASED_VALIDATION_INCOMPATIBLE_TEXTURE_LAYOUT')?.number, 1358);
  assert.equal(messageByNumber(1356)?.observedCategory, 'EXECUTION');
  assert.equal(messageByNumber(1), undefined);
});

void test('categoryFor falls back by family', () => {
  assert.equal(categoryFor(messageByNumber(1333)!), 'STATE_SETTING');
  assert.equal(categoryFor(messageByNumber(522)!), 'RESOURCE_MANIPULATION');
  assert.equal(categoryFor(messageByNumber(1351)!), 'STATE_SETTING');
  assert.equal(categoryFor(messageByNumber(1047)!), 'EXECUTION');
});

void test('formatLegacyState (D.1, D.2 E1–E5, E12)', () => {
  assert.equal(formatLegacyState(0x400), '0x400: D3D12_RESOURCE_STATE_COPY_DEST');
  assert.equal(formatLegacyState(0), '0x0: D3D12_RESOURCE_STATE_[COMMON|PRESENT]');
  assert.equal(formatLegacyState(0xac3), '0xAC3: D3D12_RESOURCE_STATE_GENERIC_READ');
  assert.equal(formatLegacyState(0xc0),
    '0xC0: D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE|D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE');
  assert.equal(formatLegacyState(0x200), '0x200: D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT');
  assert.equal(formatLegacyState(0x8), '0x8: D3D12_RESOURCE_STATE_UNORDERED_ACCESS');
  assert.equal(formatLegacyState(0x4004), '0x4004: D3D12_RESOURCE_STATE_RENDER_TARGET|0x4000');
});

void test('formatSync / formatAccess / formatLayout', () => {
  assert.equal(formatSync(0), 'D3D12_BARRIER_SYNC_NONE');
  assert.equal(formatSync(SYNC.CLEAR_UNORDERED_ACCESS_VIEW), 'D3D12_BARRIER_SYNC_CLEAR_UNORDERED_ACCESS_VIEW');
  assert.equal(formatSync(SYNC.COPY | SYNC.DRAW), 'D3D12_BARRIER_SYNC_DRAW|D3D12_BARRIER_SYNC_COPY');
  assert.equal(formatSync(SYNC.PREDICATION), 'D3D12_BARRIER_SYNC_EXECUTE_INDIRECT');
  assert.equal(formatSync(SYNC.SPLIT), 'D3D12_BARRIER_SYNC_SPLIT');
  assert.equal(formatSync(SYNC.ALL | 0x10000), 'D3D12_BARRIER_SYNC_ALL|0x10000');
  assert.equal(formatAccess(0), 'D3D12_BARRIER_ACCESS_COMMON');
  assert.equal(formatAccess(ACCESS.NO_ACCESS), 'D3D12_BARRIER_ACCESS_NO_ACCESS');
  assert.equal(formatAccess(ACCESS.RENDER_TARGET | ACCESS.SHADER_RESOURCE),
    'D3D12_BARRIER_ACCESS_RENDER_TARGET|D3D12_BARRIER_ACCESS_SHADER_RESOURCE');
  assert.equal(formatAccess(ACCESS.PREDICATION), 'D3D12_BARRIER_ACCESS_INDIRECT_ARGUMENT');
  assert.equal(formatAccess(0x40000000), 'D3D12_BARRIER_ACCESS_GLOBAL');
  assert.equal(formatAccess(0x1000000), '0x1000000');
  assert.equal(formatLayout(LAYOUT.RENDER_TARGET), 'D3D12_BARRIER_LAYOUT_RENDER_TARGET');
  assert.equal(formatLayout(LAYOUT.PRESENT), 'D3D12_BARRIER_LAYOUT_COMMON');
  assert.equal(formatLayout(0xffffffff), 'D3D12_BARRIER_LAYOUT_UNDEFINED');
  assert.equal(formatLayout(30), 'D3D12_BARRIER_LAYOUT_VIDEO_QUEUE_COMMON');
  assert.equal(formatLayout(32), '0x20');
});

void test('bracket, full line and BREAK line match D.1 spacing', () => {
  assert.equal(bracket('STATE_SETTING', 'ERROR', 1334, 'INCOMPATIBLE_BARRIER_LAYOUT'),
    '[ STATE_SETTING ERROR #1334: INCOMPATIBLE_BARRIER_LAYOUT]');
  assert.equal(debugLayerLine({ severity: 'ERROR', method: 'ID3D12CommandList::ResourceBarrier',
    body: 'Before and after states must be different.', category: 'RESOURCE_MANIPULATION', number: 525,
    name: 'RESOURCE_BARRIER_MATCHING_STATES' }),
  'D3D12 ERROR: ID3D12CommandList::ResourceBarrier: Before and after states must be different. ' +
    '[ RESOURCE_MANIPULATION ERROR #525: RESOURCE_BARRIER_MATCHING_STATES]');
  assert.equal(breakLine('WARNING', 'EXECUTION', 1356, 'NON_OPTIMAL_BARRIER_ONLY_EXECUTE_COMMAND_LISTS'),
    'D3D12: **BREAK** enabled for the previous message, which was: ' +
    '[ WARNING EXECUTION #1356: NON_OPTIMAL_BARRIER_ONLY_EXECUTE_COMMAND_LISTS ]');
});
