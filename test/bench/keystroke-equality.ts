// Issue 13's equality test on real files: edits that keep the file parsable (test/harness/parsable-edits.ts) are
// typed into one open document as the language server types them — the function path (analyzeEditedFunction with
// ignoreCallers, its result the base of the next keystroke), else the whole file — and every function-path result
// is compared with a fresh whole-file analysis of the same text: the findings and sites inside the edited function,
// and those outside it. Outside, an edit in a function the file calls may leave its callers' findings stale until
// the pause's re-check (incremental-analysis.ts); those are counted apart, and the base then becomes the fresh result
// (as after the re-check). Any other difference is a bug.
// Usage: node out/test/bench/keystroke-equality.js [--chains N] [--length K] [--seed S] file.cpp...
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { StoredDocument } from '../../server/src/parse/document-store';
import { lineStartsOf } from '../../server/src/parse/positions';
import { analyzeEditedFunction, analyzeFile, type DocumentFacts } from '../../server/src/lsp/incremental-analysis';
import { siteWithin, within } from '../../server/src/lsp/result-moves';
import type { FunctionSpan } from '../../server/src/lsp/function-spans';
import type { Range } from '../../server/src/types';
import { EDIT_KINDS, parsableEdit, seededRandom, type TextEdit } from '../harness/parsable-edits';

export interface EqualityReport {
  keystrokes: number;
  functionPath: number;
  /** Function-path results differing from the whole-file analysis inside the edited function. */
  insideDiffers: string[];
  /** … outside it, the edited function being called elsewhere (callers stale until the re-check). */
  staleCallers: number;
  /** … outside it, nothing calling the edited function. */
  outsideDiffers: string[];
  byKind: Map<string, number>;
}

const URI = 'file:///equality/real.cpp';

function calledElsewhere(text: string, span: FunctionSpan, lineStarts: readonly number[]): boolean {
  const short = span.name.replace(/^.*::/, '').replace(/^~/, '');
  if (!/^[A-Za-z_]\w*$/.test(short)) return true;
  const call = new RegExp(`(^|[^\\w~])${short}\\s*\\(`, 'g');
  const from = lineStarts[span.range.startLine];
  const to = lineStarts[span.range.endLine + 1] ?? text.length;
  for (const m of text.matchAll(call)) if (m.index! < from || m.index! >= to) return true;
  return false;
}

/** Findings and sites in full, split by the edited function's range. */
function parts(r: DocumentFacts, focus: Range): { inside: string; outside: string } {
  const f = (inside: boolean) => JSON.stringify({
    findings: r.findings.filter((x) => within(x.range, focus) === inside),
    sites: r.sites.filter((s) => siteWithin(s, focus) === inside),
  });
  return { inside: f(true), outside: f(false) };
}

/** Types `chains` runs of `length` parsable edits, each run in one randomly chosen function, into `text`. */
export function typeAndCompare(text: string, options: { chains: number; length: number; seed: number }): EqualityReport {
  const random = seededRandom(options.seed);
  const doc = new StoredDocument(URI, 'cpp', 1, text);
  let previous: DocumentFacts = analyzeFile(doc, {});
  const report: EqualityReport = { keystrokes: 0, functionPath: 0, insideDiffers: [], staleCallers: 0, outsideDiffers: [], byKind: new Map() };
  for (let chain = 0; chain < options.chains; chain++) {
    const spanIndex = Math.floor(random() * previous.spans.length);
    for (let k = 0; k < options.length; k++) {
      const span = previous.spans[spanIndex];
      if (!span) break;
      const starts = lineStartsOf(doc.text);
      let edit: TextEdit | undefined;
      for (let tries = 0; tries < 12 && !edit; tries++) edit = parsableEdit(doc.text, starts, span, EDIT_KINDS[Math.floor(random() * EDIT_KINDS.length)], random);
      if (!edit) break;
      const called = calledElsewhere(doc.text, span, starts);
      doc.version += 1;
      doc.apply({ range: { start: doc.positionAt(edit.from), end: doc.positionAt(edit.to) }, text: edit.text });
      report.keystrokes++;
      const result = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true });
      if (!result) {
        previous = analyzeFile(doc, {});
        continue;
      }
      report.functionPath++;
      report.byKind.set(edit.kind, (report.byKind.get(edit.kind) ?? 0) + 1);
      const fresh = analyzeFile(new StoredDocument(URI, 'cpp', doc.version, doc.text), {});
      const focus = result.spans[spanIndex].range;
      const a = parts(result, focus);
      const b = parts(fresh, focus);
      const what = `${span.name} (line ${focus.startLine + 1}) ${edit.kind} ${JSON.stringify(edit.text.trim().slice(0, 60))}`;
      if (a.inside !== b.inside) report.insideDiffers.push(what);
      if (a.outside !== b.outside) {
        if (called) report.staleCallers++;
        else report.outsideDiffers.push(what);
      }
      // After an edit in a called function the language server re-checks the callers once typing pauses.
      previous = called ? fresh : result;
    }
  }
  return report;
}

function main(): void {
  const args = process.argv.slice(2);
  const option = (flag: string, fallback: number): number => {
    const i = args.indexOf(flag);
    if (i < 0) return fallback;
    const value = Number(args[i + 1]);
    args.splice(i, 2);
    return value;
  };
  const options = { chains: option('--chains', 10), length: option('--length', 6), seed: option('--seed', 1) };
  let failed = false;
  for (const file of args) {
    const r = typeAndCompare(readFileSync(file, 'utf8'), options);
    const kinds = [...r.byKind].map(([k, n]) => `${k} ${n}`).join(', ');
    process.stdout.write(`keystroke-equality: ${path.basename(file)}: ${r.keystrokes} edits, ${r.functionPath} on the function path (${kinds}); ` +
      `differences inside the edited function ${r.insideDiffers.length}, outside it ${r.outsideDiffers.length}; callers stale until the re-check ${r.staleCallers}\n`);
    for (const d of [...r.insideDiffers.map((d) => `  inside: ${d}`), ...r.outsideDiffers.map((d) => `  outside: ${d}`)]) process.stdout.write(`${d}\n`);
    failed ||= r.insideDiffers.length + r.outsideDiffers.length > 0;
  }
  process.exitCode = failed ? 1 : 0;
}

if (require.main === module) main();
