// xbox-serialized-copies — xbox-platform.md § 4.4 (EBX "Differences with the PC spec": copies are still
// serialized). On Xbox Series X|S the driver serializes copies (and clears) even when they are independent; the
// command-list hint D3D12XBOX_CMDLIST_DRIVER_HINT_DONT_SYNC_ON_COPY lets them overlap, and a compute-shader copy
// avoids the CB/DB cache flushes that driver texture copies cause. An info hint where a list records independent
// copies back to back (consecutive statements; neither writes what the other touches). A list given the hint
// anywhere in the file (any call on it whose argument names D3D12XBOX_CMDLIST_DRIVER_HINT_DONT_SYNC_ON_COPY) is
// not reported; a hint given on a list the file cannot name silences the whole file.
import type { CommandEvent, FileFacts } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import type { CommandUse } from '../track/visitors';
import { defineRule } from './define-rule';

const COPIES = new Set(['CopyResource', 'CopyBufferRegion', 'CopyTextureRegion', 'CopyTiles']);
const WRITES = new Set(['copy-dest', 'copy-tiles']);

interface LastCopy {
  e: CommandEvent;
  uses: CommandUse[];
  endLine: number;
  /** The first copy of the current run was already reported with this one. */
  reported: boolean;
}

const HINT = /\bD3D12XBOX_CMDLIST_DRIVER_HINT_DONT_SYNC_ON_COPY\b/;

/** Lists given the DONT_SYNC_ON_COPY hint (keys), or 'all' when a hint's list is unknown. */
function hintedLists(facts: FileFacts): Set<string> | 'all' {
  const lists = new Set<string>();
  let all = false;
  for (const fn of facts.functions) {
    forEachEvent(fn.body, (e) => {
      if (e.kind !== 'user-call' || !e.args.some((a) => HINT.test(a.field.text))) return;
      if (e.list?.key) lists.add(e.list.key);
      else all = true;
    });
  }
  return all ? 'all' : lists;
}

function independent(a: CommandUse[], b: CommandUse[]): boolean {
  const written = (us: CommandUse[]) => new Set(us.filter((u) => WRITES.has(u.role)).map((u) => u.key));
  const all = (us: CommandUse[]) => new Set(us.map((u) => u.key));
  const [wa, wb, ua, ub] = [written(a), written(b), all(a), all(b)];
  return ![...wa].some((k) => ub.has(k)) && ![...wb].some((k) => ua.has(k));
}

export const rule = defineRule({
  meta: {
    id: 'xbox-serialized-copies',
    description: 'Independent copies recorded back to back are serialized by the Xbox Series driver.',
    defaultSeverity: 'info',
    messageId: null, messageNumber: null, category: null,
    platforms: ['xbox-series'],
    messages: {
      serialized: '{{method}} right after an independent {{previous}} on the same command list: Xbox Series X|S still '
        + 'serializes copies. If nothing orders them, record the list with the driver hint '
        + 'D3D12XBOX_CMDLIST_DRIVER_HINT_DONT_SYNC_ON_COPY so they overlap, or copy textures with a compute shader '
        + '(driver texture copies also flush the CB/DB caches).',
    },
  },
  create(ctx) {
    const last = new Map<string, LastCopy>();
    const forget = (list: string | null) => last.delete(list ?? '');
    let hinted: Set<string> | 'all' = new Set();
    return {
      file(facts) { hinted = hintedLists(facts); },
      tracked: {
        command(e, uses, tctx) {
          const key = tctx.list ?? '';
          if (hinted === 'all' || (tctx.list && hinted.has(tctx.list))) return;
          const prev = last.get(key);
          if (!COPIES.has(e.method)) {
            last.delete(key);
            return;
          }
          const next: LastCopy = { e, uses, endLine: e.range.endLine, reported: false };
          if (prev && e.range.startLine === prev.endLine + 1 && independent(prev.uses, uses)) {
            next.reported = true;
            if (!prev.reported) {
              ctx.report({
                messageKey: 'serialized', data: { method: e.method, previous: prev.e.method }, range: tctx.range,
                related: [...tctx.related, { uri: tctx.uri, range: prev.e.range, message: `the previous ${prev.e.method}` }],
                fingerprintText: `${prev.e.method}|${e.method}|${uses.map((u) => u.key).join(',')}`,
                position: { group: null, index: null, listType: tctx.listType },
              });
            }
          }
          last.set(key, next);
        },
        enhancedBarrier(_b, _m, tctx) { forget(tctx.list); },
        legacyBarrier(_b, _m, tctx) { forget(tctx.list); },
        executeCommandLists() { last.clear(); },
        listEnd(_p, tctx) { forget(tctx.list); },
      },
    };
  },
});
