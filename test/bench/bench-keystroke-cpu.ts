// What one keystroke costs the language server's analysis worker, in CPU time (issue 13): the function-only
// re-analysis (analyzeEditedFunction after a whole-file analyzeFile, chained as the worker runs them) in this
// process, without the JSON-RPC thread, the thread hops and the scheduling of bench-lsp-typing.ts. CPU time
// (user + system) is steadier than wall time on a loaded machine: a before/after comparison on the shared 2-core
// machine varied 2-3x in wall time between runs of the same build, far less in CPU time.
// Per file: one keystroke in each typing position (typing-edits.ts: functions nothing calls, then called ones), in
// file order (every keystroke in another function, the worst case: nothing of the previous reduced document is
// reused), then REPEAT keystrokes in a row in each of the 8 functions whose reduced documents keep the most lines (typing
// on in one function; chosen by size, not by this run's times, so that two builds type in the same functions).
// Also printed: how many lines of functions the reduced document kept (the edited one and its helpers), which is
// what the keystroke's cost follows. For a profile: node --cpu-prof out/test/bench/bench-keystroke-cpu.js FILE.
// With --in FN, only typing on in function FN (its name, or the last part of its qualified name; FN@LINE: the first
// function of that name from line LINE on, for a name defined several times): REPEAT keystrokes
// in a row at its typing position, each printed (the first two set up what typing on reuses: the cache records at
// the second), with p50/p95 of those from the third on. With --pause-every N (and --in), typing pauses after every N
// keystrokes: the whole-file analysis the language server runs then is made, not counted (it runs on the server's
// background thread), and p50/p95 are of every keystroke (each burst's first ones are the caches refilled).
// With --prepare, each whole-file analysis is followed by a preparation of the first keystroke (incremental-analysis.ts
// prepareFunction, not counted) of the function under the cursor (the one typed in), as the language server does once
// a hover or code action named the cursor's line; with --prepare-largest, of the function typed in last, else the one
// keeping the most lines (the cursor unknown). --rounds N: the prepared function is analysed N times (default 3).
// Usage: node out/test/bench/bench-keystroke-cpu.js [--char C] [--repeat N] [--in FN [--pause-every N] [--prepare | --prepare-largest]
//   [--rounds N]] [lines...] [file.cpp...]
//   (default: the generated 6,000- and 40,000-line files of bench-lsp-typing.ts; --char is what is typed, ' ')
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DocumentStore } from '../../server/src/parse/document-store';
import { applyEdits, keptSpanIndices } from '../../server/src/lsp/function-spans';
import { analyzeEditedFunction, analyzeFile, prepareFunction, type DocumentFacts } from '../../server/src/lsp/incremental-analysis';
import type { Range } from '../../server/src/types';
import { typingFile } from './bench-lsp-typing';
import { typingEdits, type TypingPosition } from './typing-edits';
import { functionCacheStats } from '../../server/src/extract/function-cache';
import { keptSubtrees, reuseSubtreesByDefault } from '../../server/src/extract/subtree-reuse';
import { spanStubs } from '../../server/src/lsp/span-stubs';

interface Keystroke {
  fn: string;
  line: number;
  cpuMs: number;
  keptLines: number;
  /** The whole file was analysed instead (undefined from analyzeEditedFunction). */
  whole: boolean;
  /** What the keystroke cost with that whole-file analysis (as the language server then runs it), else cpuMs. */
  withWholeMs: number;
}

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function summary(keys: readonly Keystroke[]): string {
  const fn = keys.filter((k) => !k.whole);
  const s = fn.map((k) => k.cpuMs).sort((a, b) => a - b);
  if (s.length === 0) return 'no function-only analysis';
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  const all = keys.map((k) => k.withWholeMs).sort((a, b) => a - b);
  // NOTE: a keystroke analysed whole waits for that analysis in the language server: the second figures count it.
  const withWhole = keys.length === fn.length ? '' :
    `; with the whole-file analyses: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms, mean ${mean(all).toFixed(1)} ms`;
  return `CPU p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, mean ${mean(s).toFixed(1)} ms ` +
    `(${fn.length} keystrokes, ${keys.length - fn.length} analysed whole)${withWhole}; kept function lines mean ${mean(fn.map((k) => k.keptLines)).toFixed(0)}`;
}

/** Types `char` at each position in turn on one open document, after one whole-file analysis. */
class Typist {
  private readonly store = new DocumentStore();
  private readonly uri: string;
  private previous: DocumentFacts;
  private version = 1;

  /** The line typed on (the cursor's: --prepare prepares the function around it). */
  cursor: number | undefined;

  private prepare: Prepare = {};

  constructor(name: string, text: string, private readonly char: string) {
    this.uri = `file:///bench/${name}`;
    this.store.open(this.uri, 'cpp', 1, text);
    this.previous = analyzeFile(this.doc(), {});
  }

  /** From now on every whole-file result is prepared as `prepare` says, the one of opening first. */
  start(prepare: Prepare): void {
    this.prepare = prepare;
    this.prepared(this.previous);
  }

  /** A whole-file result, the first keystroke after it prepared as the language server does (with --prepare). */
  private prepared(facts: DocumentFacts): DocumentFacts {
    const { at, rounds } = this.prepare;
    if (at) prepareFunction(this.doc(), {}, facts, { ignoreCallers: true, largest: true, rounds, ...(at === 'cursor' ? { line: this.cursor } : {}) });
    return facts;
  }

  private doc() {
    return this.store.get(this.uri)!;
  }

  type(at: TypingPosition): Keystroke {
    const doc = this.doc();
    this.store.change(this.uri, ++this.version, [{ range: { start: at, end: at }, text: this.char }]);
    const keptLines = this.keptLines();
    const started = process.cpuUsage();
    const result = analyzeEditedFunction(doc, {}, this.previous, { ignoreCallers: true });
    const ms = cpuMs(started);
    this.previous = result ?? this.prepared(analyzeFile(doc, {}));
    return { fn: at.fn, line: at.line, cpuMs: ms, keptLines, whole: !result, withWholeMs: cpuMs(started) };
  }

  /**
   * Typing paused: the whole-file analysis the language server then runs (not counted: it runs on the server's
   * background thread, which keeps no mirrored subtrees; the keystroke thread keeps its caches meanwhile).
   */
  pause(): void {
    const saved = process.env.BARRIERLINT_SUBTREE_REUSE;
    process.env.BARRIERLINT_SUBTREE_REUSE = '0';
    try {
      this.previous = analyzeFile(this.doc(), {});
    } finally {
      if (saved === undefined) delete process.env.BARRIERLINT_SUBTREE_REUSE;
      else process.env.BARRIERLINT_SUBTREE_REUSE = saved;
    }
    this.prepared(this.previous);
  }

  /**
   * Lines of the functions the reduced document of the pending edit keeps (as function-spans.ts chooses them); a
   * function kept as a stub (span-stubs.ts) counts its signature's lines.
   */
  private keptLines(): number {
    const doc = this.doc();
    const { spans, edited } = applyEdits(this.previous.spans, doc.peekEdits());
    if (!edited) return 0;
    const textOf = (r: Range): string =>
      doc.text.slice(doc.offsetAt({ line: r.startLine, character: 0 }), doc.offsetAt({ line: r.endLine + 1, character: 0 }));
    const stubs = this.previous.signatures && process.env.BARRIERLINT_LSP_STUBS !== '0' ? spanStubs(spans, this.previous.signatures) : undefined;
    const { keep, stubbed } = keptSpanIndices(spans, edited, textOf, this.previous.calls, !!this.previous.calls?.has(spans.indexOf(edited)), this.previous.creations, stubs);
    const lines = (i: number): number => (stubbed.has(i) ? spans[i].bodyStart.line : spans[i].range.endLine) - spans[i].range.startLine + 1;
    return [...keep].reduce((n, i) => n + lines(i), 0);
  }
}

/** What --prepare asks: the function under the cursor, or (--prepare-largest) the largest; `rounds` analyses of it. */
interface Prepare {
  at?: 'cursor' | 'largest';
  rounds?: number;
}

/** What the per-function fact cache (extract/function-cache.ts) did so far in this process. */
function cacheSummary(): string {
  const s = functionCacheStats;
  const why = [...s.notKept].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `${reason} ${n}`).join(', ');
  const b = keptSubtrees.stats;
  return `function facts reused ${s.reused}, extracted and kept ${s.kept}, not kept ${[...s.notKept.values()].reduce((a, b) => a + b, 0)}${why ? ` (${why})` : ''}; ` +
    `mirrored subtrees reused ${b.reused}, copied ${b.copied}`;
}

function bench(name: string, text: string, positions: readonly TypingPosition[], options: { char: string; repeat: number }): string[] {
  const typist = new Typist(name, text, options.char);
  const spread = positions.map((p) => typist.type(p));
  const out = [`bench-keystroke-cpu: ${name}: ${text.split('\n').length} lines, typing ${JSON.stringify(options.char)}`,
    `  one keystroke in each of ${positions.length} places, in file order: ${summary(spread)}`];
  const worst = [...spread].filter((k) => !k.whole).sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 8);
  // NOTE: typing on is measured in the 8 functions keeping the most lines (then by line), not the 8 slowest of this
  // run: those change from run to run with the machine's load, and a before/after compared different functions.
  const largest = [...spread].filter((k) => !k.whole).sort((a, b) => b.keptLines - a.keptLines || a.line - b.line).slice(0, 8);
  if (options.repeat > 0 && largest.length > 0) {
    const again = largest.flatMap((k) => Array.from({ length: options.repeat }, () => typist.type(positions.find((p) => p.line === k.line)!)));
    out.push(`  ${options.repeat} keystrokes in a row in each of the ${largest.length} functions keeping the most lines: ${summary(again)}`);
  }
  out.push(`  most expensive: ${worst.slice(0, 5).map((k) => `${k.fn} (line ${k.line + 1}) ${k.cpuMs.toFixed(0)} ms, ${k.keptLines} lines`).join('; ')}`);
  out.push(`  ${cacheSummary()}`);
  return out;
}

/** REPEAT keystrokes in a row in one function: what typing on in it costs once the helpers are kept. */
function typingOn(
  name: string, text: string, positions: readonly TypingPosition[], options: { char: string; repeat: number; in: string; pauseEvery: number; prepare: Prepare },
): string[] {
  const [fn, from] = options.in.split('@');
  const at = positions.find((p) => (p.fn === fn || p.fn.endsWith(`::${fn}`)) && p.line + 1 >= Number(from ?? 0));
  if (!at) return [`bench-keystroke-cpu: ${name}: no typing position in a function named ${options.in}`];
  const typist = new Typist(name, text, options.char);
  typist.cursor = at.line;
  typist.start(options.prepare);
  const keys = Array.from({ length: options.repeat }, (_, i) => {
    if (options.pauseEvery > 0 && i > 0 && i % options.pauseEvery === 0) typist.pause();
    return typist.type(at);
  });
  const later = keys.slice(options.pauseEvery > 0 ? 0 : 2).map((k) => k.cpuMs).sort((a, b) => a - b);
  const tail = later.length > 0 ? `; ${options.pauseEvery > 0 ? 'all' : 'from the third'}: p50 ${percentile(later, 50).toFixed(1)} ms, p95 ${percentile(later, 95).toFixed(1)} ms` : '';
  return [`bench-keystroke-cpu: ${name}: typing ${JSON.stringify(options.char)} in ${at.fn} (line ${at.line + 1}), ${keys.length} keystrokes in a row: ` +
    `CPU ms ${keys.map((k) => (k.whole ? `${k.withWholeMs.toFixed(0)} (whole)` : k.cpuMs.toFixed(0))).join(' ')}${tail}`, `  ${cacheSummary()}`];
}

function main(): void {
  // NOTE: as the language server's analysis thread runs (analysis-worker.ts): the mirrored subtrees are kept between
  // keystrokes there since session 33 (BARRIERLINT_SUBTREE_REUSE=0 turns that off, as in the server); from session 16
  // to 32 the server did not keep them, and from session 23 neither did the bench.
  reuseSubtreesByDefault();
  const args = process.argv.slice(2);
  const option = (flag: string, fallback: string): string => {
    const i = args.indexOf(flag);
    if (i < 0) return fallback;
    const value = args[i + 1] ?? fallback;
    args.splice(i, 2);
    return value;
  };
  const inFn = option('--in', '');
  const options = {
    char: option('--char', ' '), repeat: Number(option('--repeat', inFn ? '8' : '3')), in: inFn, pauseEvery: Number(option('--pause-every', '0')),
    prepare: { rounds: Number(option('--rounds', '3')) } as Prepare,
  };
  for (const [flag, at] of [['--prepare', 'cursor'], ['--prepare-largest', 'largest']] as const) {
    if (!args.includes(flag)) continue;
    args.splice(args.indexOf(flag), 1);
    options.prepare.at = at;
  }
  const files = args.filter((a) => Number.isNaN(Number(a)));
  const sizes = args.map(Number).filter((n) => n > 0);
  for (const lines of sizes.length > 0 || files.length > 0 ? sizes : [6000, 40000]) {
    const text = typingFile(lines);
    const positions = text.split('\n').flatMap((l, line) => (l.includes('cl->DrawInstanced') ? [{ line, character: 4, fn: `pass at ${line + 1}` }] : []));
    const step = Math.max(1, Math.floor(positions.length / 120));
    process.stdout.write(`${bench(`typing-${lines}.cpp`, text, positions.filter((_, i) => i % step === 0), options).join('\n')}\n`);
  }
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const { uncalled, called } = typingEdits(text, 1000);
    const positions = [...uncalled, ...called].sort((a, b) => a.line - b.line);
    const lines = options.in ? typingOn(path.basename(file), text, positions, options) : bench(path.basename(file), text, positions, options);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

if (require.main === module) main();
