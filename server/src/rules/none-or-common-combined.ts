// none-or-common-combined — eb-rules.md EB-SYNC-02 (EB § Synchronization: "NONE must be the only bit set").
// D3D12_BARRIER_SYNC_NONE and D3D12_BARRIER_ACCESS_COMMON are 0: OR-ing them with other bits is numerically just
// the other bits, so `SYNC_NONE | SYNC_COPY` silently means "wait for copies" while its author may have meant "wait
// for nothing". The values alone cannot show this; the source text (Field.text) does. Lint, no debug-layer message.
import type { Field } from '../extract/facts';
import { formatAccess, formatSync } from '../model/messages';
import { accessCommonOrdWithOthers, syncNoneOrdWithOthers } from '../model/sync-access';
import { defineRule } from './define-rule';
import { SIDES, fingerprintOf, isEnhanced, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

/**
 * The operands of a `|` expression as written: member names for enumerators of `prefix`, the operand text for
 * anything else (a variable, another enum). [] unless the field's text is an OR.
 */
function orOperands(f: Field | undefined, prefix: string): string[] {
  if (!f || !f.text.includes('|') || /\|\||\?|=/.test(f.text)) return [];
  return f.text.split('|').map((o) => o.replace(/[()\s]/g, '')).map((o) => (o.startsWith(prefix) ? o.slice(prefix.length) : o));
}

export const rule = defineRule({
  meta: {
    id: 'none-or-common-combined',
    description: 'SYNC_NONE or ACCESS_COMMON written OR-ed with other bits (they are 0, so the OR hides them).',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SYNC-02'],
    messages: {
      sync: '{{field}} ORs D3D12_BARRIER_SYNC_NONE with other sync bits{{position}}; NONE is 0 and must stand alone, so the value is just {{value}}.',
      access: '{{field}} ORs D3D12_BARRIER_ACCESS_COMMON with other access bits{{position}}; COMMON is 0 and must stand alone, so the value is just {{value}}.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (!isEnhanced(b)) return;
        for (const side of SIDES) {
          const checks = [
            { key: 'sync', field: `Sync${side}`, prefix: 'D3D12_BARRIER_SYNC_', hit: syncNoneOrdWithOthers, format: formatSync },
            { key: 'access', field: `Access${side}`, prefix: 'D3D12_BARRIER_ACCESS_', hit: accessCommonOrdWithOthers, format: formatAccess },
          ];
          for (const c of checks) {
            const f = b.fields[c.field];
            if (!c.hit(orOperands(f, c.prefix))) continue;
            const value = known(f);
            report({
              messageKey: c.key,
              data: { field: c.field, value: value === undefined ? 'the other bits' : c.format(value), position: positionSuffix(b, pos) },
              range: f!.range,
              resource: resourceName(b), fingerprintText: `${c.field}|${fingerprintOf(b)}`,
            });
          }
        }
      },
    };
  },
});
