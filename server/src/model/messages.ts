// Barrier-related D3D12_MESSAGE_ID values (eb-rules.md A.12, A.13) and the pieces of the debug layer's text
// format (D.1): value formatting for legacy states and enhanced sync/access/layout, and the bracket block.

import type { CommandListType } from '../types';
import { ACCESS, ACCESS_GLOBAL, LAYOUT, RESOURCE_STATES, SYNC, flagNames, memberName } from './enums';
import type { EnumTable } from './enums';

export const MESSAGE_CATEGORY: Readonly<Record<string, number>> = {
  APPLICATION_DEFINED: 0, MISCELLANEOUS: 1, INITIALIZATION: 2, CLEANUP: 3, COMPILATION: 4, STATE_CREATION: 5,
  STATE_SETTING: 6, STATE_GETTING: 7, RESOURCE_MANIPULATION: 8, EXECUTION: 9, SHADER: 10,
};
export const MESSAGE_SEVERITY: Readonly<Record<string, number>> = {
  CORRUPTION: 0, ERROR: 1, WARNING: 2, INFO: 3, MESSAGE: 4,
};
export type MessageSeverity = 'CORRUPTION' | 'ERROR' | 'WARNING' | 'INFO' | 'MESSAGE';

export type MessageArea = 'legacy' | 'enhanced' | 'interop' | 'execution' | 'gbv' | 'render-pass' | 'config';

export interface MessageInfo {
  number: number;
  /** D3D12_MESSAGE_ID_ name without the prefix. */
  name: string;
  area: MessageArea;
  /** Category seen in real logs (A.13 / D.2), or null when never observed. */
  observedCategory: string | null;
  observedSeverity: MessageSeverity | null;
}

// A.13. [number, name, area, observed "CATEGORY SEVERITY" or ''].
// NOTE: 1350's STATE_SETTING ERROR comes from a code comment, not a copied log line; it is kept as observed
// because it matches the family (1331/1334/1351) it belongs to.
const MESSAGE_TABLE: ReadonlyArray<readonly [number, string, MessageArea, string]> = [
  [519, 'RESOURCE_BARRIER_INVALID_TYPE', 'legacy', ''],
  [520, 'RESOURCE_BARRIER_NULL_POINTER', 'legacy', ''],
  [521, 'RESOURCE_BARRIER_INVALID_SUBRESOURCE', 'legacy', ''],
  [522, 'RESOURCE_BARRIER_RESERVED_BITS', 'legacy', ''],
  [523, 'RESOURCE_BARRIER_MISSING_BIND_FLAGS', 'legacy', ''],
  [524, 'RESOURCE_BARRIER_MISMATCHING_MISC_FLAGS', 'legacy', ''],
  [525, 'RESOURCE_BARRIER_MATCHING_STATES', 'legacy', 'RESOURCE_MANIPULATION ERROR'],
  [526, 'RESOURCE_BARRIER_INVALID_COMBINATION', 'legacy', 'RESOURCE_MANIPULATION ERROR'],
  [527, 'RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH', 'legacy', 'RESOURCE_MANIPULATION ERROR'],
  [528, 'RESOURCE_BARRIER_INVALID_RESOURCE', 'legacy', ''],
  [529, 'RESOURCE_BARRIER_SAMPLE_COUNT', 'legacy', ''],
  [530, 'RESOURCE_BARRIER_INVALID_FLAGS', 'legacy', ''],
  [531, 'RESOURCE_BARRIER_INVALID_COMBINED_FLAGS', 'legacy', ''],
  [532, 'RESOURCE_BARRIER_INVALID_FLAGS_FOR_FORMAT', 'legacy', ''],
  [533, 'RESOURCE_BARRIER_INVALID_SPLIT_BARRIER', 'legacy', ''],
  [534, 'RESOURCE_BARRIER_UNMATCHED_END', 'legacy', ''],
  [535, 'RESOURCE_BARRIER_UNMATCHED_BEGIN', 'legacy', ''],
  [536, 'RESOURCE_BARRIER_INVALID_FLAG', 'legacy', ''],
  [537, 'RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE', 'legacy', 'RESOURCE_MANIPULATION ERROR'],
  [538, 'INVALID_SUBRESOURCE_STATE', 'legacy', 'EXECUTION ERROR'],
  [607, 'POSSIBLY_INVALID_SUBRESOURCE_STATE', 'legacy', ''],
  [741, 'RESOURCE_BARRIER_INVALID_HEAP', 'legacy', ''],
  [942, 'GPU_BASED_VALIDATION_INCOMPATIBLE_RESOURCE_STATE', 'gbv', ''],
  [954, 'RESOURCE_BARRIER_ZERO_BARRIERS', 'legacy', 'RESOURCE_MANIPULATION WARNING'],
  [956, 'RESOURCE_BARRIER_POSSIBLE_BEFORE_AFTER_MISMATCH', 'legacy', ''],
  [957, 'RESOURCE_BARRIER_MISMATCHING_BEGIN_END', 'legacy', ''],
  [990, 'RESOURCE_BARRIER_MISMATCHING_COMMAND_LIST_TYPE', 'legacy', 'RESOURCE_MANIPULATION ERROR'],
  [998, 'COPY_ON_SAME_SUBRESOURCE', 'execution', ''],
  [1002, 'DATA_STATIC_DESCRIPTOR_INVALID_DATA_CHANGE', 'execution', 'EXECUTION ERROR'],
  [1003, 'DATA_STATIC_WHILE_SET_AT_EXECUTE_DESCRIPTOR_INVALID_DATA_CHANGE', 'execution', ''],
  [1008, 'RESOURCE_BARRIER_DUPLICATE_SUBRESOURCE_TRANSITIONS', 'legacy', 'RESOURCE_MANIPULATION WARNING'],
  [1044, 'GPU_BASED_VALIDATION_RESOURCE_STATE_IMPRECISE', 'gbv', ''],
  [1047, 'OBJECT_ACCESSED_WHILE_STILL_IN_USE', 'execution', 'EXECUTION ERROR'],
  [1202, 'RENDER_PASS_INVALID_RESOURCE_BARRIER', 'render-pass', ''],
  [1213, 'RENDER_PASS_MISMATCHING_NO_ACCESS', 'render-pass', ''],
  [1328, 'CREATERESOURCE_STATE_IGNORED', 'enhanced', ''],
  [1329, 'UNUSED_CROSS_EXECUTE_SPLIT_BARRIER', 'enhanced', ''],
  [1331, 'INCOMPATIBLE_BARRIER_VALUES', 'enhanced', 'STATE_SETTING ERROR'],
  [1332, 'INCOMPATIBLE_BARRIER_ACCESS', 'enhanced', ''],
  [1333, 'INCOMPATIBLE_BARRIER_SYNC', 'enhanced', ''],
  [1334, 'INCOMPATIBLE_BARRIER_LAYOUT', 'enhanced', 'STATE_SETTING ERROR'],
  [1335, 'INCOMPATIBLE_BARRIER_TYPE', 'enhanced', ''],
  [1336, 'OUT_OF_BOUNDS_BARRIER_SUBRESOURCE_RANGE', 'enhanced', ''],
  [1337, 'INCOMPATIBLE_BARRIER_RESOURCE_DIMENSION', 'enhanced', ''],
  [1340, 'BUFFER_BARRIER_SUBREGION_OUT_OF_BOUNDS', 'enhanced', ''],
  [1341, 'UNSUPPORTED_BARRIER_LAYOUT', 'enhanced', ''],
  [1343, 'ENHANCED_BARRIERS_NOT_SUPPORTED', 'enhanced', ''],
  [1346, 'LEGACY_BARRIER_VALIDATION_FORCED_ON', 'config', ''],
  [1350, 'BARRIER_INTEROP_INVALID_LAYOUT', 'interop', 'STATE_SETTING ERROR'],
  [1351, 'BARRIER_INTEROP_INVALID_STATE', 'interop', 'STATE_SETTING ERROR'],
  [1355, 'TEXTURE_BARRIER_SUBRESOURCES_OUT_OF_BOUNDS', 'enhanced', ''],
  [1356, 'NON_OPTIMAL_BARRIER_ONLY_EXECUTE_COMMAND_LISTS', 'enhanced', 'EXECUTION WARNING'],
  [1358, 'GPU_BASED_VALIDATION_INCOMPATIBLE_TEXTURE_LAYOUT', 'gbv', ''],
  [1374, 'RENDER_PASS_MISMATCHING_ACCESS', 'render-pass', ''],
  [1417, 'INVALID_BARRIER_ACCESS', 'enhanced', ''],
  // The header spells RESOURCE as RESOUCE in this name; kept as the header has it.
  [1422, 'RENDER_TARGET_OR_DEPTH_STENCIL_RESOUCE_NOT_INITIALIZED', 'enhanced', ''],
  [1431, 'NON_COMMON_RESOURCE_IN_COPY_QUEUE', 'enhanced', ''],
  [1436, 'TEXTURE_BARRIER_INVALID_FLAGS', 'enhanced', ''],
];

export const MESSAGES: readonly MessageInfo[] = MESSAGE_TABLE.map(([number, name, area, seen]) => {
  const [cat, sev] = seen ? seen.split(' ') : [null, null];
  return { number, name, area, observedCategory: cat, observedSeverity: sev as MessageSeverity | null };
});
const BY_NUMBER = new Map(MESSAGES.map((m) => [m.number, m]));
const BY_NAME = new Map(MESSAGES.map((m) => [m.name, m]));

export function messageByNumber(n: number): MessageInfo | undefined {
  return BY_NUMBER.get(n);
}

/** Look a message up by name, with or without the D3D12_MESSAGE_ID_ prefix. */
export function messageByName(name: string): MessageInfo | undefined {
  return BY_NAME.get(name.startsWith('D3D12_MESSAGE_ID_') ? name.slice('D3D12_MESSAGE_ID_'.length) : name);
}

/**
 * The category to print for a message: the observed one, else the family's (D.1): legacy barrier messages →
 * RESOURCE_MANIPULATION, use-time/submit-time → EXECUTION, enhanced/interop/others → STATE_SETTING (a guess).
 */
export function categoryFor(m: MessageInfo): string {
  if (m.observedCategory) return m.observedCategory;
  if (m.area === 'legacy') return 'RESOURCE_MANIPULATION';
  if (m.area === 'execution' || m.area === 'gbv') return 'EXECUTION';
  return 'STATE_SETTING';
}

// ---------------------------------------------------------------------------------------------------------------
// Value formatting (D.1).

const hex = (v: number): string => '0x' + (v >>> 0).toString(16).toUpperCase();

function joinFlags(prefix: string, table: EnumTable, value: number): string {
  const { names, leftover } = flagNames(table, value);
  const parts = names.map((n) => prefix + n);
  if (leftover !== 0) parts.push(hex(leftover));
  return parts.join('|');
}

const STATE_PREFIX = 'D3D12_RESOURCE_STATE_';
const GENERIC_READ = RESOURCE_STATES.GENERIC_READ >>> 0;

/** `0x400: D3D12_RESOURCE_STATE_COPY_DEST`; 0 → `[COMMON|PRESENT]`; exactly 0xAC3 → GENERIC_READ. */
export function formatLegacyState(value: number): string {
  const v = value >>> 0;
  if (v === 0) return `0x0: ${STATE_PREFIX}[COMMON|PRESENT]`;
  if (v === GENERIC_READ) return `${hex(v)}: ${STATE_PREFIX}GENERIC_READ`;
  return `${hex(v)}: ${joinFlags(STATE_PREFIX, RESOURCE_STATES, v)}`;
}

/** `D3D12_BARRIER_SYNC_A|D3D12_BARRIER_SYNC_B`; 0 → NONE; undefined bits as hex; aliases print canonically. */
export function formatSync(value: number): string {
  const v = value >>> 0;
  return v === 0 ? 'D3D12_BARRIER_SYNC_NONE' : joinFlags('D3D12_BARRIER_SYNC_', SYNC, v);
}

const ACCESS_WITH_GLOBAL: EnumTable = { ...ACCESS, GLOBAL: ACCESS_GLOBAL };

/** `D3D12_BARRIER_ACCESS_A|…`; 0 → COMMON; the spec-only GLOBAL bit by name; other undefined bits as hex. */
export function formatAccess(value: number): string {
  const v = value >>> 0;
  return v === 0 ? 'D3D12_BARRIER_ACCESS_COMMON' : joinFlags('D3D12_BARRIER_ACCESS_', ACCESS_WITH_GLOBAL, v);
}

/** `D3D12_BARRIER_LAYOUT_RENDER_TARGET`; 0 → COMMON (not PRESENT); values without a name as hex. */
export function formatLayout(value: number): string {
  const name = memberName(LAYOUT, value);
  return name === undefined ? hex(value) : 'D3D12_BARRIER_LAYOUT_' + name;
}

/** `D3D12_COMMAND_LIST_TYPE_VIDEO_DECODE` for 'video-decode' (A.8). */
export function formatCommandListType(type: CommandListType): string {
  return `D3D12_COMMAND_LIST_TYPE_${type.toUpperCase().replace('-', '_')}`;
}

/** The list type as the legacy debug layer words it in running text: "compute", "copy", "video decode" (E7). */
export function commandListTypeWords(type: CommandListType): string {
  return type.replace('-', ' ');
}

/** The bracket block ending a debug-layer line: `[ STATE_SETTING ERROR #1334: INCOMPATIBLE_BARRIER_LAYOUT]`. */
export function bracket(category: string, severity: MessageSeverity, number: number, name: string): string {
  return `[ ${category} ${severity} #${number}: ${name}]`;
}

/** The whole debug-layer line: `D3D12 ERROR: ID3D12CommandList::Barrier: <body> [ … ]`. */
export function debugLayerLine(opts: {
  severity: MessageSeverity; method: string; body: string; category: string; number: number; name: string;
}): string {
  const { severity, method, body, category, number, name } = opts;
  return `D3D12 ${severity}: ${method}: ${body} ${bracket(category, severity, number, name)}`;
}

/** The optional second line when break-on-severity is on (severity before category, space before `]`). */
export function breakLine(severity: MessageSeverity, category: string, number: number, name: string): string {
  return `D3D12: **BREAK** enabled for the previous message, which was: [ ${severity} ${category} #${number}: ${name} ]`;
}
