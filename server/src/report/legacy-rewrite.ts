// The legacy → enhanced barrier rewrite behind the "Rewrite as an enhanced barrier" code action: a
// `CD3DX12_RESOURCE_BARRIER::Transition` or `::UAV` passed to `ResourceBarrier` becomes a CD3DX12_TEXTURE_/
// BUFFER_/GLOBAL_BARRIER in a CD3DX12_BARRIER_GROUP passed to `Barrier`, with the narrowest Sync/Access/Layout
// the legacy states allow (eb-rules.md A.6, the model's legacyToEnhanced; the Xbox enhanced-barrier document's
// worked example). Pure text in, edits out. It only rewrites shapes it can keep compiling: one barrier per call,
// the call as its own statement, the barrier either inline (`&CD3DX12_RESOURCE_BARRIER::Transition(...)`) or a
// local variable used only by that call; never split barriers or lists declared older than CommandList7.
import { ACCESS, maskOf, RESOURCE_STATES } from '../model/enums';
import { legacyToEnhanced } from '../model/legacy-states';
import { formatAccess, formatLayout, formatSync } from '../model/messages';
import type { FixEdit, Range } from '../types';
import { SourceText } from './source-text';

export interface SourceField {
  value: number | null;
  text: string;
}

export interface LegacyBarrier {
  kind: 'legacy-transition' | 'legacy-uav';
  range: Range;
  /** Source text of the resource argument; null for nullptr or when unknown. */
  resource: string | null;
  fields: Partial<Record<'StateBefore' | 'StateAfter' | 'Subresource' | 'Flags', SourceField>>;
}

export interface RewriteRequest {
  text: string;
  barrier: LegacyBarrier;
  /** The `ResourceBarrier` call that submits the barrier, and how many barriers it passes. */
  call: { range: Range; barrierCount: number | null };
  /** From the resource's creation, when known; otherwise both variants are offered where both are possible. */
  resourceKind: 'texture' | 'buffer' | null;
  /** Where the barrier variable may be used (its function); the whole text when absent. */
  scope?: Range;
  /**
   * Rewrite even when the command list's declaration is not in the text (its interface version is unknown); by
   * default only a list declared ID3D12GraphicsCommandList7 or later is rewritten (Barrier() needs it).
   */
  unknownListIsEnhanced?: boolean;
  /** Names that rewrites applied in the same edit chose (each rewrite adds its own): no two declare one name. */
  taken?: Set<string>;
}

export interface Rewrite {
  title: string;
  edits: FixEdit[];
}

interface EnhancedBarrier {
  type: 'CD3DX12_TEXTURE_BARRIER' | 'CD3DX12_BUFFER_BARRIER' | 'CD3DX12_GLOBAL_BARRIER';
  /** Constructor arguments, one source line each. */
  argLines: string[];
}

const UNORDERED_ACCESS = RESOURCE_STATES.UNORDERED_ACCESS;
// NOTE: accesses only textures can have (render target, depth, shading-rate image, resolve): a legacy state with
// one of them rules out the buffer variant. Kept here until model/ has a per-resource-kind access table.
const TEXTURE_ONLY_ACCESS = maskOf(ACCESS, ['RENDER_TARGET', 'DEPTH_STENCIL_WRITE', 'DEPTH_STENCIL_READ',
  'SHADING_RATE_SOURCE', 'RESOLVE_DEST', 'RESOLVE_SOURCE']);
const ALL_SUBRESOURCES_TEXT = '0xffffffff';
const code = (formatted: string): string => formatted.split('|').join(' | ');

/**
 * NOTE: a legacy barrier whose StateBefore is COMMON names a resource no command in this list has accessed since it
 * decayed at the last ExecuteCommandLists (any access would have promoted it out of COMMON), so there is nothing
 * to wait for: SyncBefore NONE and AccessBefore NO_ACCESS, as the enhanced-barrier samples write PRESENT → RENDER_TARGET.
 * The model's general mapping (SYNC_ALL, ACCESS_COMMON) is correct but flushes every cache (access-common-before).
 */
function fromCommon(state: number, mapped: ReturnType<typeof legacyToEnhanced>): ReturnType<typeof legacyToEnhanced> {
  return state === 0 ? { ...mapped, sync: 0, access: ACCESS.NO_ACCESS >>> 0 } : mapped;
}

function pair(a: string, b: string): string {
  return `${code(a)}, ${code(b)}`;
}

/** The enhanced barriers (one per possible resource kind) equivalent to the legacy one; [] when unsure. */
function enhancedBarriers(req: RewriteRequest): EnhancedBarrier[] {
  const { barrier, resourceKind } = req;
  const resource = barrier.resource;
  const subresource = barrier.fields.Subresource;
  let before: number;
  let after: number;
  if (barrier.kind === 'legacy-uav') {
    before = after = UNORDERED_ACCESS;
  } else {
    const flags = barrier.fields.Flags;
    if (flags && flags.value !== 0) return [];
    if (barrier.fields.StateBefore?.value == null || barrier.fields.StateAfter?.value == null) return [];
    before = barrier.fields.StateBefore.value;
    after = barrier.fields.StateAfter.value;
  }
  const out: EnhancedBarrier[] = [];
  const tb = fromCommon(before, legacyToEnhanced(before, true));
  const ta = legacyToEnhanced(after, true);
  const textureOk = resourceKind !== 'buffer' && resource !== null && tb.layout !== null && ta.layout !== null;
  if (textureOk && (resourceKind === 'texture' || barrier.kind === 'legacy-transition')) {
    out.push({
      type: 'CD3DX12_TEXTURE_BARRIER',
      argLines: [
        pair(formatSync(tb.sync), formatSync(ta.sync)),
        pair(formatAccess(tb.access), formatAccess(ta.access)),
        pair(formatLayout(tb.layout!), formatLayout(ta.layout!)),
        `${resource}, CD3DX12_BARRIER_SUBRESOURCE_RANGE(${subresource?.text ?? ALL_SUBRESOURCES_TEXT})`,
      ],
    });
  }
  const wholeBuffer = !subresource || subresource.value === 0 || subresource.value === 0xffffffff;
  const bb = fromCommon(before, legacyToEnhanced(before, false));
  const ba = legacyToEnhanced(after, false);
  const bufferAccess = ((bb.access | ba.access) & TEXTURE_ONLY_ACCESS) === 0;
  const bufferOk = resourceKind !== 'texture' && resource !== null && wholeBuffer && bufferAccess;
  if (bufferOk && (resourceKind === 'buffer' || barrier.kind === 'legacy-transition')) {
    out.push({
      type: 'CD3DX12_BUFFER_BARRIER',
      argLines: [pair(formatSync(bb.sync), formatSync(ba.sync)), pair(formatAccess(bb.access), formatAccess(ba.access)), resource],
    });
  }
  if (barrier.kind === 'legacy-uav' && out.length === 0) {
    // NOTE: a UAV barrier on an unknown (or null) resource: a global barrier orders every UAV access, as the
    // legacy one does for a null resource; for a known resource it is wider than needed but still correct.
    const u = legacyToEnhanced(UNORDERED_ACCESS, false);
    out.push({
      type: 'CD3DX12_GLOBAL_BARRIER',
      argLines: [pair(formatSync(u.sync), formatSync(u.sync)), pair(formatAccess(u.access), formatAccess(u.access))],
    });
  }
  return out;
}

const TITLES: Record<EnhancedBarrier['type'], string> = {
  CD3DX12_TEXTURE_BARRIER: 'Rewrite as an enhanced texture barrier (Barrier + CD3DX12_TEXTURE_BARRIER)',
  CD3DX12_BUFFER_BARRIER: 'Rewrite as an enhanced buffer barrier (Barrier + CD3DX12_BUFFER_BARRIER)',
  CD3DX12_GLOBAL_BARRIER: 'Rewrite as an enhanced global barrier (Barrier + CD3DX12_GLOBAL_BARRIER)',
};

function declaration(src: SourceText, indent: string, name: string, enhanced: EnhancedBarrier): string {
  const inner = indent + src.indentUnit;
  const args = enhanced.argLines.map((l, i) => `${inner}${l}${i === enhanced.argLines.length - 1 ? ');' : ','}`);
  return [`const ${enhanced.type} ${name}(`, ...args].join(src.eol);
}

/** The rewrites of one legacy barrier (usually one; texture and buffer variants when the kind is unknown). */
export function rewriteLegacyBarrier(req: RewriteRequest): Rewrite[] {
  if (req.call.barrierCount !== 1) return [];
  const src = new SourceText(req.text);
  const call = src.callStatement(req.call.range, 'ResourceBarrier');
  if (!call || !src.supportsEnhancedBarriers(call.object, req.unknownListIsEnhanced)) return [];
  const variants = enhancedBarriers(req);
  if (variants.length === 0) return [];
  const barrierStart = src.offsetOf(req.barrier.range.startLine, req.barrier.range.startColumn);
  const inline = barrierStart >= call.start && barrierStart < call.end;
  const local = inline ? undefined : src.localBarrierDeclaration(req.barrier.range, call, req.scope);
  if (!inline && !local) return [];
  const fresh = (base: string): string => {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}${n}`;
      if (req.taken?.has(candidate) || src.freshName(candidate) !== candidate) continue;
      req.taken?.add(candidate);
      return candidate;
    }
  };
  const name = local?.name ?? fresh(baseName(req.barrier));
  const groupName = fresh(`${name}Group`);
  const submit = [`const CD3DX12_BARRIER_GROUP ${groupName}(1, &${name});`, `${call.object}${call.op}Barrier(1, &${groupName});`];
  return variants.map((enhanced) => {
    const edits: FixEdit[] = local
      ? [
        src.replace(local.start, local.end, declaration(src, local.indent, name, enhanced)),
        src.replace(call.start, call.end, submit.join(src.eol + call.indent)),
      ]
      : [src.replace(call.start, call.end, [declaration(src, call.indent, name, enhanced), ...submit].join(src.eol + call.indent))];
    return { title: TITLES[enhanced.type], edits };
  });
}

function baseName(barrier: LegacyBarrier): string {
  const identifiers = (barrier.resource ?? '').replace(/\.Get\(\)|\(\)/g, '').match(/[A-Za-z_]\w*/g) ?? [];
  const last = (identifiers[identifiers.length - 1] ?? '').replace(/^[mgs]_/, '');
  if (!/^[A-Za-z_]\w*$/.test(last)) return barrier.kind === 'legacy-uav' ? 'uavBarrier' : 'barrier';
  return `${last.charAt(0).toLowerCase()}${last.slice(1)}Barrier`;
}
