// Issue 13's equality test on real files: edits that keep the file parsable (test/harness/parsable-edits.ts) are
// typed into one open document as the language server types them — the function path (analyzeEditedFunction with
// ignoreCallers, its result the base of the next keystroke), else the whole file — and every function-path result
// is compared with a fresh whole-file analysis of the same text: the findings and sites inside the edited function,
// and those outside it. An edit in a function the file calls leaves what its callers' calls found (in the callers and
// in the function itself) as it was until the pause's re-check (caller-recheck.ts): there the re-check runs after the
// keystroke, as the server runs it once typing pauses, and its result is compared (and is the next base).
// One kind of difference is documented behaviour (incremental-analysis.ts, caller-recheck.ts), counted apart as
// `staleNotes`: what a finding says of the calls that lead to it (its call-site notes) and a finding in a helper
// that an edited caller no longer causes stay until the next whole-file analysis, and a re-checked caller reports
// at its call what the whole file reports once in the helper. That is: sites equal, findings inside the edited
// function equal but for their notes, and outside it every finding of the whole file is there (notes aside).
// Any other difference is a bug.
// With --pause, typing pauses between runs: the whole-file analysis of a copy of the text becomes the base and the
// document's edits are taken, as in the language server (the next run edits the reduced tree kept from before).
// With --prepare, every whole-file base is followed by the language server's preparation of the first keystroke
// (incremental-analysis.ts prepareFunction: a reduced tree and the caches of the function typed in last, else of the
// one whose reduced document keeps the most lines, typed in next or not).
// With --prepare-cursor, the function each run of edits is typed in is prepared first when the base is a whole-file
// one (prepareFunction with the cursor's line, as the language server does once a hover or code action named it).
// Usage: node out/test/bench/keystroke-equality.js [--chains N] [--length K] [--seed S] [--pause] [--prepare] [--prepare-cursor] file.cpp...
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { StoredDocument } from '../../server/src/parse/document-store';
import { lineStartsOf } from '../../server/src/parse/positions';
import { analyzeEditedFunction, analyzeFile, prepareFunction, takeEditsForFile, type DocumentFacts } from '../../server/src/lsp/incremental-analysis';
import { siteWithin, within } from '../../server/src/lsp/result-moves';
import { recheckCallers } from '../../server/src/lsp/caller-recheck';
import { callersOf, type FunctionSpan } from '../../server/src/lsp/function-spans';
import type { Finding, Range } from '../../server/src/types';
import { EDIT_KINDS, parsableEdit, seededRandom, type TextEdit } from '../harness/parsable-edits';

export interface EqualityReport {
  keystrokes: number;
  functionPath: number;
  /** Function-path results differing from the whole-file analysis inside the edited function. */
  insideDiffers: string[];
  /** … outside it. */
  outsideDiffers: string[];
  /** Edits in a function called elsewhere: re-checked (caller-recheck.ts) before the comparison. */
  rechecked: number;
  /** … whose function-path result, before the re-check, differed (expected: the callers' part is stale). */
  staleBeforeRecheck: number;
  /** Results differing only in the documented way (see above). */
  staleNotes: string[];
  byKind: Map<string, number>;
}

const URI = 'file:///equality/real.cpp';

/** Whether a function of the file calls the span's function (by name, in a body: as the re-check finds callers). */
function calledElsewhere(doc: StoredDocument, spans: readonly FunctionSpan[], index: number): boolean {
  const textOf = (r: Range): string => doc.text.slice(doc.offsetAt({ line: r.startLine, character: r.startColumn }), doc.offsetAt({ line: r.endLine, character: r.endColumn }));
  return callersOf(spans, [index], textOf).some((i) => i !== index);
}

const view = (r: DocumentFacts): string => JSON.stringify({ findings: r.findings, sites: r.sites });

/** Findings without what they say of the calls leading to them (their related locations). */
const withoutNotes = (r: DocumentFacts, keep: (f: Finding) => boolean): string[] =>
  r.findings.filter(keep).map((f) => JSON.stringify({ ...f, related: undefined }));

/** The documented difference (see the head of this file): sites equal, findings equal inside and a superset outside, notes aside. */
function onlyNotes(incremental: DocumentFacts, fresh: DocumentFacts, focus: Range): boolean {
  if (JSON.stringify(incremental.sites) !== JSON.stringify(fresh.sites)) return false;
  const inside = (f: Finding): boolean => within(f.range, focus);
  if (JSON.stringify(withoutNotes(incremental, inside)) !== JSON.stringify(withoutNotes(fresh, inside))) return false;
  const outside = new Set(withoutNotes(incremental, (f) => !inside(f)));
  return withoutNotes(fresh, (f) => !inside(f)).every((f) => outside.has(f));
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
export function typeAndCompare(
  text: string, options: { chains: number; length: number; seed: number; pause?: boolean; prepare?: boolean; prepareCursor?: boolean },
): EqualityReport {
  const random = seededRandom(options.seed);
  const doc = new StoredDocument(URI, 'cpp', 1, text);
  // A whole-file base, prepared for the next keystroke as the language server does with --prepare.
  const base = (facts: DocumentFacts): DocumentFacts => {
    if (options.prepare) prepareFunction(doc, {}, facts, { ignoreCallers: true, largest: true });
    return facts;
  };
  let previous: DocumentFacts = base(analyzeFile(doc, {}));
  const report: EqualityReport = { keystrokes: 0, functionPath: 0, insideDiffers: [], outsideDiffers: [], rechecked: 0, staleBeforeRecheck: 0, staleNotes: [], byKind: new Map() };
  for (let chain = 0; chain < options.chains; chain++) {
    if (options.pause && chain > 0) {
      previous = analyzeFile(new StoredDocument(URI, 'cpp', doc.version, doc.text), {});
      takeEditsForFile(doc);
      base(previous);
    }
    const spanIndex = Math.floor(random() * previous.spans.length);
    // The cursor in the function about to be typed in (a whole-file base only): its first keystroke prepared there.
    const cursorIn = previous.spans[spanIndex];
    if (options.prepareCursor && cursorIn) prepareFunction(doc, {}, previous, { ignoreCallers: true, line: cursorIn.bodyStart.line });
    for (let k = 0; k < options.length; k++) {
      const span = previous.spans[spanIndex];
      if (!span) break;
      const starts = lineStartsOf(doc.text);
      let edit: TextEdit | undefined;
      for (let tries = 0; tries < 12 && !edit; tries++) edit = parsableEdit(doc.text, starts, span, EDIT_KINDS[Math.floor(random() * EDIT_KINDS.length)], random);
      if (!edit) break;
      const called = calledElsewhere(doc, previous.spans, spanIndex);
      doc.version += 1;
      doc.apply({ range: { start: doc.positionAt(edit.from), end: doc.positionAt(edit.to) }, text: edit.text });
      report.keystrokes++;
      const result = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true });
      if (!result) {
        previous = base(analyzeFile(doc, {}));
        continue;
      }
      report.functionPath++;
      report.byKind.set(edit.kind, (report.byKind.get(edit.kind) ?? 0) + 1);
      const fresh = analyzeFile(new StoredDocument(URI, 'cpp', doc.version, doc.text), {});
      let compared: DocumentFacts = result;
      if (called) {
        report.rechecked++;
        if (view(result) !== view(fresh)) report.staleBeforeRecheck++;
        compared = recheckCallers(doc, {}, result) ?? analyzeFile(doc, {});
      }
      const focus = result.spans[spanIndex].range;
      const a = parts(compared, focus);
      const b = parts(fresh, focus);
      const what = `${span.name} (line ${focus.startLine + 1}) ${edit.kind} ${JSON.stringify(edit.text.trim().slice(0, 60))}${called ? ', re-checked' : ''}`;
      if (a.inside === b.inside && a.outside === b.outside) {
        // equal
      } else if (onlyNotes(compared, fresh, focus)) {
        report.staleNotes.push(what);
      } else {
        if (a.inside !== b.inside) report.insideDiffers.push(what);
        if (a.outside !== b.outside) report.outsideDiffers.push(what);
      }
      if (process.env.BARRIERLINT_EQUALITY_DEBUG && (a.inside !== b.inside || a.outside !== b.outside)) {
        process.stderr.write(`${what}\n  incremental: ${a.inside}\n               ${a.outside}\n  whole file:  ${b.inside}\n               ${b.outside}\n`);
      }
      // A difference is counted once: the next keystroke starts from the whole-file result.
      previous = a.inside === b.inside && a.outside === b.outside ? compared : fresh;
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
  const pause = args.includes('--pause');
  if (pause) args.splice(args.indexOf('--pause'), 1);
  const flag = (name: string): boolean => args.includes(name) && args.splice(args.indexOf(name), 1).length > 0;
  const prepare = flag('--prepare');
  const prepareCursor = flag('--prepare-cursor');
  const options = { chains: option('--chains', 10), length: option('--length', 6), seed: option('--seed', 1), pause, prepare, prepareCursor };
  let failed = false;
  for (const file of args) {
    const r = typeAndCompare(readFileSync(file, 'utf8'), options);
    const kinds = [...r.byKind].map(([k, n]) => `${k} ${n}`).join(', ');
    process.stdout.write(`keystroke-equality: ${path.basename(file)}: ${r.keystrokes} edits, ${r.functionPath} on the function path (${kinds}); ` +
      `differences inside the edited function ${r.insideDiffers.length}, outside it ${r.outsideDiffers.length}; ` +
      `edits in called functions ${r.rechecked} (re-checked; ${r.staleBeforeRecheck} of them stale before the re-check); ` +
      `documented stale notes ${r.staleNotes.length}\n`);
    for (const d of [...r.insideDiffers.map((d) => `  inside: ${d}`), ...r.outsideDiffers.map((d) => `  outside: ${d}`)]) process.stdout.write(`${d}\n`);
    failed ||= r.insideDiffers.length + r.outsideDiffers.length > 0;
  }
  process.exitCode = failed ? 1 : 0;
}

if (require.main === module) main();
