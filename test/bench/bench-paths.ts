// What path-sensitive tracking (issue 14) costs: analyze() of the same inputs with path facts on and off
// (extract/path-facts.ts `setPathSensitivity`), in one process, on/off interleaved in every repetition so load on
// the shared machine hits both alike; the median CPU time (user + system) of BENCH_RUNS repetitions (default 7).
// Inputs: the realistic 6,000- and 40,000-line engine files, the 1 MB barrier-heavy file, and a path-heavy file made
// of the hand-written path fixtures (flags, loop counters, correlated conditions) repeated to ~6,000 lines.
// Target: on/off ≤ 1.15 on the realistic inputs (the engine files and the barrier-heavy file); the path-heavy file
// is a stress input, reported without a target. Prints a table; exits 1 when a realistic input is over the target.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze } from '../../server/src/analyze';
import { setPathSensitivity } from '../../server/src/extract/path-facts';
import { barrierHeavy } from './barrier-heavy';
import { engineFile } from './engine-file';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 7));
const TARGET = 1.15;

function pathHeavy(lines: number): string {
  const dir = path.join(ROOT, 'test', 'fixtures', 'paths');
  const sources = fs.readdirSync(dir).filter((f) => f.endsWith('.cpp')).sort().map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
  const parts: string[] = [];
  let count = 0;
  for (let copy = 0; count < lines; copy++) {
    const text = `namespace copy_${copy} {\n${sources[copy % sources.length].replace(/^#include.*$/gm, '')}\n}\n`;
    parts.push(text);
    count += text.split('\n').length;
  }
  return `#include <d3d12.h>\n${parts.join('\n')}`;
}

function cpu(f: () => void): number {
  const used = process.cpuUsage();
  f();
  const d = process.cpuUsage(used);
  return (d.user + d.system) / 1e3;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function main(): void {
  const inputs: [string, string, boolean][] = [
    ['engine-6000', engineFile(6000), false],
    ['engine-40000', engineFile(40000), false],
    ['barrier-heavy-1MB', barrierHeavy(1 << 20), false],
    ['path-heavy-6000 (stress)', pathHeavy(6000), true],
  ];
  let over = false;
  console.log(`path sensitivity cost, median CPU of ${RUNS} interleaved runs (on / off), target ≤ ${TARGET}`);
  console.log('| input | lines | off ms | on ms | on/off |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, text, stress] of inputs) {
    const run = (on: boolean) => {
      setPathSensitivity(on);
      try {
        return cpu(() => analyze(text, 'bench.cpp', {}));
      } finally {
        setPathSensitivity(true);
      }
    };
    run(true);
    run(false);
    const on: number[] = [];
    const off: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first, so neither always runs on a warmer heap.
      if (i % 2 === 0) {
        on.push(run(true));
        off.push(run(false));
      } else {
        off.push(run(false));
        on.push(run(true));
      }
      (globalThis as { gc?: () => void }).gc?.();
    }
    const ratio = median(on) / median(off);
    const miss = !stress && ratio > TARGET;
    over = over || miss;
    console.log(`| ${name} | ${text.split('\n').length} | ${median(off).toFixed(0)} | ${median(on).toFixed(0)} | ${ratio.toFixed(3)}${miss ? ' (over)' : ''} |`);
  }
  if (over) process.exitCode = 1;
}

main();
