// The single-file speed targets (issue 12), as ratios against the bare tree-sitter parse of the same text in the
// same run. Inputs: a realistic 6,000-line engine file, a 1 MB barrier-heavy file that compiles, and a
// 40,000-line file built from several realistic files. Each measurement is the median of BENCH_RUNS (default 7)
// repetitions, and the kinds of measurement are interleaved within each repetition (parse, lint, editor, ...), so
// load on the shared machine hits all of them alike:
// - warm in-process: after warm-up calls, analyze() (barrierlint's whole pipeline, its own parse included) and the
//   editor's whole-file path, against the bare parse;
// - cold in-process: the first call in a fresh process (modules loaded, nothing run yet), lint against parse;
// - CLI process: `barrierlint --format json FILE` as a whole process (start-up included) against a process that
//   loads tree-sitter and parses the file; peak RSS;
// - the clang anchor: `clang++ -fsyntax-only` of the barrier file with the real DirectX-Headers, when clang++ and
//   the headers are there (Debian: apt-get install clang; DIRECTX_HEADERS=a DirectX-Headers checkout, or
//   apt-get install directx-headers-dev), else one line saying why it was skipped. A file that does not compile
//   stops the bench: the anchor must time a real front-end run, not an early error exit.
// Times are CPU times (user + system), steadier than wall time on a loaded machine; wall times are kept in the JSON.
// Writes bench/results.json (git-ignored) and prints the previous run's ratios beside the new ones.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyze } from '../../server/src/analyze';
import { JIT_FLAGS, JIT_FLAGS_ENV, tuneJit } from '../../server/src/jit-flags';
import { bareParse, editorWholeFile } from './bare-parse';
import { findClang, type ClangSetup } from './clang-anchor';
import { benchInputs, inputFileName, type Input } from './inputs';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const OUT = path.join(ROOT, 'bench', 'results.json');
// The shipped command (package.json bin: the bundle), as a user runs it.
const CLI = path.join(ROOT, 'out', 'bin', 'barrierlint.js');
const CHILD = path.join(__dirname, 'child-run.js');
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 7));
const TARGET = 1.3;

interface Sample { cpu: number; wall: number; rssMiB?: number }

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function timeIn(f: () => void): Sample {
  const start = process.hrtime.bigint();
  const used = process.cpuUsage();
  f();
  const spent = process.cpuUsage(used);
  return { cpu: (spent.user + spent.system) / 1e3, wall: Number(process.hrtime.bigint() - start) / 1e6 };
}

/** A whole process under /usr/bin/time: its CPU (user + system), wall time and peak RSS. */
function timeProcess(command: string, args: string[]): Sample & { status: number | null; stderr: string } {
  const run = spawnSync('/usr/bin/time', ['-f', '@@ %U %S %e %M', command, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const m = /@@ ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(run.stderr);
  if (!m) throw new Error(`could not time ${command} ${args.join(' ')}: ${run.stderr}`);
  return {
    cpu: (Number(m[1]) + Number(m[2])) * 1e3, wall: Number(m[3]) * 1e3, rssMiB: Number(m[4]) / 1024, status: run.status,
    stderr: run.stderr.replace(/@@.*\n?$/, ''),
  };
}

function coldChild(mode: string, file: string): Sample {
  const run = spawnSync(process.execPath, [CHILD, mode, file], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`child ${mode} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Sample;
}

type Kind = 'parse' | 'lint' | 'complete' | 'editor' | 'coldParse' | 'coldLint' | 'processParse' | 'processLint' | 'clang';

function measure(input: Input, file: string, clang: ClangSetup | string): Record<string, unknown> {
  const { text } = input;
  // Warm-up (and the answer, to print what was measured).
  for (let i = 0; i < 2; i++) {
    bareParse(text);
    editorWholeFile(text);
  }
  const result = analyze(text, 'file:///bench/input.cpp');
  const kinds: Kind[] = ['parse', 'lint', 'complete', 'editor', 'coldParse', 'coldLint', 'processParse', 'processLint'];
  if (input.clang && typeof clang !== 'string') kinds.push('clang');
  const samples = new Map<Kind, Sample[]>(kinds.map((k) => [k, []]));
  const run: Record<Kind, () => Sample> = {
    parse: () => timeIn(() => bareParse(text)),
    lint: () => timeIn(() => analyze(text, 'file:///bench/input.cpp')),
    // Every function extracted (what a multi-file run and the editor need for their helper index): analyze() and
    // `barrierlint FILE` extract only the functions that can matter.
    complete: () => timeIn(() => analyze(text, 'file:///bench/input.cpp', { complete: true })),
    editor: () => timeIn(() => editorWholeFile(text)),
    coldParse: () => coldChild('parse', file),
    coldLint: () => coldChild('lint', file),
    processParse: () => timeProcess(process.execPath, [CHILD, 'parse', file]),
    processLint: () => timeProcess(process.execPath, [CLI, '--format', 'json', '--no-color', file]),
    clang: () => {
      const s = timeProcess('clang++', [...(clang as ClangSetup).args, file]);
      if (s.status !== 0) throw new Error(`clang++ did not compile ${input.name}:\n${s.stderr.slice(0, 2000)}`);
      return s;
    },
  };
  for (let r = 0; r < RUNS; r++) {
    // Rotate the order each repetition so no kind always runs first (or right after another).
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[(i + r) % kinds.length];
      samples.get(kind)!.push(run[kind]());
    }
  }
  const med = (k: Kind) => (samples.has(k) ? median(samples.get(k)!.map((s) => s.cpu)) : undefined);
  const medWall = (k: Kind) => (samples.has(k) ? median(samples.get(k)!.map((s) => s.wall)) : undefined);
  const ratio = (a?: number, b?: number) => (a !== undefined && b !== undefined ? Number((a / b).toFixed(2)) : undefined);
  const ms = Object.fromEntries(kinds.map((k) => [k, { cpu: Number(med(k)!.toFixed(1)), wall: Number(medWall(k)!.toFixed(1)) }]));
  const rss = Math.max(...samples.get('processLint')!.map((s) => s.rssMiB ?? 0));
  return {
    input: input.name, bytes: text.length, lines: text.split('\n').length, sites: result.sites.length, findings: result.findings.length,
    ms,
    ratios: {
      warmLint: ratio(med('lint'), med('parse')),
      warmBeyondParse: ratio(med('lint')! - med('parse')!, med('parse')),
      complete: ratio(med('complete'), med('parse')),
      editor: ratio(med('editor'), med('parse')),
      coldLint: ratio(med('coldLint'), med('coldParse')),
      process: ratio(med('processLint'), med('processParse')),
      clang: ratio(med('processLint'), med('clang')),
    },
    cliPeakRssMiB: Number(rss.toFixed(0)),
  };
}

function table(rows: Record<string, unknown>[], previous: Record<string, unknown>[] | undefined): string {
  const cols = ['warmLint', 'warmBeyondParse', 'complete', 'editor', 'coldLint', 'process', 'clang'] as const;
  const head = ['input', 'parse ms', 'lint ms', 'CLI ms', 'clang ms', ...cols, 'CLI RSS'];
  const lines = [head.join(' | '), head.map(() => '---').join(' | ')];
  for (const row of rows) {
    const r = row as { input: string; ms: Record<string, { cpu: number }>; ratios: Record<string, number | undefined>; cliPeakRssMiB: number };
    const prior = previous?.find((p) => p.input === r.input) as typeof r | undefined;
    const cell = (c: (typeof cols)[number]) => {
      const v = r.ratios[c];
      if (v === undefined) return '–';
      const was = prior?.ratios[c];
      return was !== undefined ? `${v.toFixed(2)}× (was ${was.toFixed(2)})` : `${v.toFixed(2)}×`;
    };
    lines.push([r.input, r.ms.parse.cpu.toFixed(0), r.ms.lint.cpu.toFixed(0), r.ms.processLint.cpu.toFixed(0), r.ms.clang ? r.ms.clang.cpu.toFixed(0) : '–', ...cols.map(cell), `${r.cliPeakRssMiB} MiB`].join(' | '));
  }
  return lines.join('\n');
}

/** Issue 12's targets, each checked against this run: met or MISSED, with the worst value. */
function targets(rows: Record<string, unknown>[]): string[] {
  type Row = { input: string; ms: Record<string, { cpu: number }>; ratios: Record<string, number | undefined>; cliPeakRssMiB: number };
  const rs = rows as Row[];
  const check = (what: string, values: { input: string; v: number | undefined }[], limit: number, unit: string): string => {
    const known = values.filter((x) => x.v !== undefined) as { input: string; v: number }[];
    if (known.length === 0) return `target: ${what} <= ${limit}${unit}: not measured`;
    const worst = known.reduce((a, b) => (b.v > a.v ? b : a));
    return `target: ${what} <= ${limit}${unit}: ${worst.v <= limit ? 'met' : 'MISSED'} (worst ${worst.v.toFixed(2)}${unit}, ${worst.input})`;
  };
  const big = rs.filter((r) => r.input.includes('40k'));
  return [
    check('cold lint / cold parse', rs.map((r) => ({ input: r.input, v: r.ratios.coldLint })), TARGET, 'x'),
    check('warm lint / parse', rs.map((r) => ({ input: r.input, v: r.ratios.warmLint })), TARGET, 'x'),
    check('40k-line CLI process CPU', big.map((r) => ({ input: r.input, v: r.ms.processLint.cpu / 1000 })), 1, ' s'),
    check('40k-line CLI peak RSS', big.map((r) => ({ input: r.input, v: r.cliPeakRssMiB })), 300, ' MiB'),
    check('CLI / clang++ -fsyntax-only', rs.map((r) => ({ input: r.input, v: r.ratios.clang })), 0.1, 'x'),
  ];
}

function main(): void {
  // Every measurement runs under the V8 settings barrierlint's processes use (jit-flags.ts), in process and in the
  // child processes alike; BARRIERLINT_JIT_FLAGS=0 measures V8's defaults.
  tuneJit();
  const jit = process.env[JIT_FLAGS_ENV] === '0' ? 'V8 defaults' : JIT_FLAGS.join(' ');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'barrierlint-bench-'));
  const only = process.env.BENCH_INPUTS?.split(',');
  const inputs = benchInputs(only);
  const clang = findClang();
  console.log(`barrierlint single-file bench: medians of ${RUNS} interleaved repetitions (CPU time), node ${process.version}, `
    + `${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}, JIT: ${jit}`);
  const clangVersion = typeof clang === 'string' ? undefined
    : spawnSync('clang++', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
  if (typeof clang === 'string') console.log(`clang anchor skipped: ${clang}`);
  else console.log(`clang anchor: ${clangVersion}, DirectX-Headers at ${clang.include}`);
  const previous = fs.existsSync(OUT) ? (JSON.parse(fs.readFileSync(OUT, 'utf8')) as { rows: Record<string, unknown>[] }).rows : undefined;
  const rows: Record<string, unknown>[] = [];
  try {
    for (const input of inputs) {
      const file = path.join(dir, inputFileName(input));
      fs.writeFileSync(file, input.text);
      const row = measure(input, file, clang);
      rows.push(row);
      console.log(`${input.name}: ${JSON.stringify(row)}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\nratios (CPU): warmLint = analyze()/bare parse; warmBeyondParse = (analyze() − parse)/parse; complete = analyze() extracting every function/parse; editor = whole-file `
    + `editor path/parse; coldLint = first call in a fresh process; process = CLI process/parse process; clang = CLI process/clang++ -fsyntax-only`);
  console.log(table(rows, previous));
  console.log(`\n${targets(rows).join('\n')}`);
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, jit, runs: RUNS, clang: clangVersion ?? clang, rows }, null, 2)}\n`);
  console.log(`wrote ${path.relative(ROOT, OUT)}`);
}

main();
