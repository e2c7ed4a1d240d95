// The Xbox debug layer's message shape (xbox-platform.md § 6.1, verbatim from EBX):
//   D3D12 ERROR: [0xA7900038] ID3D12CommandQueue(Graphics)::ExecuteCommandLists: <text>
//   <detail lines>
//   |  -Group Index:   0
//   |  -Barrier Index: 0
//   |  -Barrier
//   |   |  -SyncBefore:   D3D12_BARRIER_SYNC_RENDER_TARGET
//   ...
// What barrierlint prints where the Xbox layer's own data is not available statically:
// - the code: the Xbox hex code where one is known (model/xbox-messages.ts: only 0xA7900038); otherwise the PC
//   debug layer's number and name (`[#1331 INCOMPATIBLE_BARRIER_VALUES]`), or, for checks no debug layer makes, the
//   rule id with `barrierlint` in place of `D3D12` (`barrierlint WARNING: [xbox-split-barrier] ...`);
// - the queue type: from the command list's type when known (Graphics, Compute, Copy...), else no parentheses;
// - pResource: `(?)` for the pointer and the resource's source expression as its name;
// - an unresolved field: `<unknown: source text>`. Legacy barriers are dumped with their own fields
//   (Type, Flags, Transition/UAV/Aliasing) in the same tree style.
import { XBOX_MESSAGE_CODES, XBOX_QUEUE_NAMES, hex8, xboxEnumName } from '../model/xbox-messages';
import type { RuleMeta } from '../rules/define-rule';
import type { Severity, XboxMessageData } from '../types';

const SEVERITY_WORD: Record<Severity, string> = { error: 'ERROR', warning: 'WARNING', info: 'INFO' };

const FIELD_FAMILY: Record<string, string> = {
  SyncBefore: 'sync', SyncAfter: 'sync', AccessBefore: 'access', AccessAfter: 'access',
  LayoutBefore: 'layout', LayoutAfter: 'layout', StateBefore: 'state', StateAfter: 'state',
};

type DumpBarrier = NonNullable<XboxMessageData['barrier']>;

function fieldValue(b: DumpBarrier, name: string, family?: string): string {
  const f = b.fields[name];
  if (!f) return '<not set>';
  if (f.value === null) return `<unknown: ${f.text.replace(/\s+/g, ' ')}>`;
  const fam = family ?? FIELD_FAMILY[name];
  if (fam && fam !== 'number') return xboxEnumName(fam, f.value);
  // Numbers print in decimal as the Xbox layer does; UINT64_MAX (a Size) is not exact as a JS number.
  return f.value >= 2 ** 64 - 4096 ? '18446744073709551615' : String(f.value);
}

function flagsValue(b: DumpBarrier, family: string): string {
  const f = b.fields.Flags;
  const value = f?.value ?? (f ? null : 0);
  if (value === null) return `<unknown: ${f?.text ?? ''}>`;
  return `${xboxEnumName(family, value)} (${hex8(value)})`;
}

function resourceText(name: string | null | undefined): string {
  return `(?) "${name ?? '<unknown>'}"`;
}

// NOTE: EBX indents the Subresources children by one more space than the Barrier children; kept verbatim.
const INDENT = ['', '|   ', '|   |    '];

/** Aligned `|  -Name: value` lines at a depth (0 = top level); names padded as the Xbox layer pads them. */
function rows(depth: number, entries: ReadonlyArray<readonly [string, string]>): string[] {
  const width = Math.max(...entries.map(([n]) => n.length)) + 2;
  const indent = INDENT[depth];
  return entries.map(([n, v]) => `${indent}|  -${`${n}:`.padEnd(width)}${v}`);
}

const SUBRESOURCE_FIELDS = ['IndexOrFirstMipLevel', 'NumMipLevels', 'FirstArraySlice', 'NumArraySlices', 'FirstPlane',
  'NumPlanes'];

function enhancedBody(b: DumpBarrier): string[] {
  const main: [string, string][] = ['SyncBefore', 'SyncAfter', 'AccessBefore', 'AccessAfter'].map((n) => [n, fieldValue(b, n)]);
  if (b.kind === 'texture') main.push(['LayoutBefore', fieldValue(b, 'LayoutBefore')], ['LayoutAfter', fieldValue(b, 'LayoutAfter')]);
  if (b.kind !== 'global') main.push(['pResource', resourceText(b.resource)]);
  if (b.kind === 'buffer') main.push(['Offset', fieldValue(b, 'Offset', 'number')], ['Size', fieldValue(b, 'Size', 'number')]);
  const out = rows(1, main);
  if (b.kind === 'texture') {
    out.push('|   |  -Subresources');
    out.push(...rows(2, SUBRESOURCE_FIELDS.map((n) => [n, fieldValue(b, `Subresources.${n}`, 'number')])));
    out.push(`|   |  -Flags: ${flagsValue(b, 'texture-flags')}`);
  }
  return out;
}

const LEGACY_TYPE: Record<string, [string, string]> = {
  'legacy-transition': ['D3D12_RESOURCE_BARRIER_TYPE_TRANSITION', 'Transition'],
  'legacy-aliasing': ['D3D12_RESOURCE_BARRIER_TYPE_ALIASING', 'Aliasing'],
  'legacy-uav': ['D3D12_RESOURCE_BARRIER_TYPE_UAV', 'UAV'],
};

function legacyBody(b: DumpBarrier): string[] {
  const [type, member] = LEGACY_TYPE[b.kind];
  const out = rows(1, [['Type', type], ['Flags', flagsValue(b, 'resource-barrier-flags')]]);
  out.push(`|   |  -${member}`);
  if (b.kind === 'legacy-transition') {
    out.push(...rows(2, [['pResource', resourceText(b.resource)], ['Subresource', fieldValue(b, 'Subresource', 'number')],
      ['StateBefore', fieldValue(b, 'StateBefore')], ['StateAfter', fieldValue(b, 'StateAfter')]]));
  } else if (b.kind === 'legacy-aliasing') {
    out.push(...rows(2, [['pResourceBefore', resourceText(b.resource)], ['pResourceAfter', resourceText(b.resourceAfter)]]));
  } else {
    out.push(...rows(2, [['pResource', resourceText(b.resource)]]));
  }
  return out;
}

/** The barrier dump tree of § 6.1 (Group Index only for enhanced barriers, which come in groups). */
export function barrierDumpTree(data: XboxMessageData): string[] {
  const b = data.barrier;
  if (!b) return [];
  const legacy = b.kind.startsWith('legacy');
  const position: [string, string][] = [];
  if (!legacy) position.push(['Group Index', data.group === null ? '?' : String(data.group)]);
  position.push(['Barrier Index', data.index === null ? '?' : String(data.index)]);
  return [...rows(0, position), '|  -Barrier', ...(legacy ? legacyBody(b) : enhancedBody(b))];
}

/** `D3D12 ERROR: [code] Interface(Queue)::Method: text`. */
export function xboxHeader(opts: { source: string; severity: Severity; code: string; api?: string; queue: string | null;
  text: string }): string {
  let where = '';
  if (opts.api) {
    const [iface, method] = opts.api.split('::');
    where = `${iface}${opts.queue ? `(${opts.queue})` : ''}${method ? `::${method}` : ''}: `;
  }
  return `${opts.source} ${SEVERITY_WORD[opts.severity]}: [${opts.code}] ${where}${opts.text}`;
}

/** A rule's message in the Xbox layout: header, detail lines, then the dump of the barrier (if any). */
export function renderXboxMessage(meta: RuleMeta, severity: Severity, body: string, data: XboxMessageData): string {
  const queue = data.listType ? XBOX_QUEUE_NAMES[data.listType] ?? null : null;
  const known = meta.messageId ? XBOX_MESSAGE_CODES[meta.messageId] : undefined;
  let header: string;
  let details = data.details ?? [];
  if (known) {
    // The Xbox layer's own text replaces the rule's; its detail lines follow ("Current State is: ..."), else the
    // rule's wording as the one detail line.
    header = xboxHeader({ source: 'D3D12', severity, code: hex8(known.code), api: known.api, queue, text: known.text });
    if (details.length === 0) details = [body];
  } else if (meta.messageId && meta.messageNumber !== null) {
    header = xboxHeader({ source: 'D3D12', severity, code: `#${meta.messageNumber} ${meta.messageId}`, api: meta.api,
      queue, text: body });
  } else {
    header = xboxHeader({ source: 'barrierlint', severity, code: meta.id, api: meta.api, queue, text: body });
  }
  return [header, ...details, ...barrierDumpTree(data)].join('\n');
}
