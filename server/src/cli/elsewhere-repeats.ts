// A mistake inside a helper of another file that does not depend on the call (a constant DEPTH_READ|DEPTH_WRITE
// written in the helper) is reported by the helper's own file, at the helper; each file whose functions reach the
// helper through a call also checked the barrier again with its own arguments (track/helper-rechecks.ts) and, the
// helper being in another file, reported it at its own call with no helper frame — once per call chain of the run
// (renderdoc's replay driver: one error, eight reports). Those reports say what the helper's own report says but for
// the names: they are dropped, and their calls become related notes of the helper's report, as one file's analysis
// already does for its own helpers (track/recheck-repeats.ts), with the calls the dropped report listed (the longer
// chains through the call) after it. A finding that depends on the call (another state, another resource in the
// message) says something else, and stays at the call.
import type { Finding } from '../types';
import type { FileOutcome } from './outcome';
import { rangeContains } from '../ranges';

/** Related notes added to one report at most (as track/recheck-repeats.ts). */
const MAX_NOTES = 8;

/**
 * Drop the reports that a helper's own file makes the same (`said`: what the finding says but for the names) inside
 * the helper; each becomes a related note of that report.
 */
export function dropElsewhereRepeats(outcomes: FileOutcome[], said: (f: Finding) => string): void {
  if (!outcomes.some((o) => o.result?.findings.some((f) => f.elsewhere))) return;
  const byUri = new Map<string, Finding[]>();
  for (const o of outcomes) if (o.result) byUri.set(o.uri, o.result.findings);
  for (const o of outcomes) {
    const r = o.result;
    if (!r || !r.findings.some((f) => f.elsewhere)) continue;
    const kept = r.findings.filter((f) => {
      const e = f.elsewhere;
      const own = e && byUri.get(e.uri)?.find((h) => !h.elsewhere && rangeContains(e.range, h.range) && said(h) === said(f));
      if (!own) return true;
      // The call, then the calls the dropped report already listed (the longer chains through it).
      for (const note of [{ uri: f.uri, range: f.range, message: e.note, kind: 'call-site' as const }, ...f.related.filter((x) => x.kind === 'call-site')]) {
        const notes = own.related.filter((x) => x.kind === 'call-site').length;
        const listed = own.related.some((x) => x.uri === note.uri && x.range.startLine === note.range.startLine && x.range.startColumn === note.range.startColumn);
        if (notes < MAX_NOTES && !listed) own.related.push(note);
      }
      return false;
    });
    if (kept.length !== r.findings.length) o.result = { ...r, findings: kept };
  }
}
