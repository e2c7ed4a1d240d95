// Bench (issue 3): a 40,000-line file (the size of vkd3d-proton's tests/d3d12.c), built from the examples and rule
// fixtures with renamed functions, must lint in under 2 s. Prints parse time, full analysis time and their ratio.
// Run with `npm run bench`. Numbers are medians of 5 warm runs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze } from '../../server/src/analyze';
import { parseCpp } from '../../server/src/parse/parser';

const ROOT = path.resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(cpp|h)$/.test(e.name) ? [fs.readFileSync(p, 'utf8')] : [];
  });
}

function build(lines: number): string {
  const srcs = [...sources(path.join(ROOT, 'examples')), ...sources(path.join(ROOT, 'test/fixtures/rules'))];
  const parts: string[] = [];
  let count = 0;
  for (let i = 0; count < lines; i++) {
    const s = srcs[i % srcs.length].replace(/\b(void|static void)\s+(\w+)\s*\(/g, (_m, a: string, b: string) => `${a} ${b}_${i}(`);
    parts.push(s);
    count += s.split('\n').length;
  }
  return parts.join('\n');
}

function median(f: () => void, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    f();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

const text = build(40_000);
parseCpp(text);
analyze(text, 'bench-40k.cpp');
const parse = median(() => parseCpp(text));
const lint = median(() => analyze(text, 'bench-40k.cpp'));
const result = analyze(text, 'bench-40k.cpp');
console.log(`bench-track: ${text.split('\n').length} lines, ${(text.length / 1024).toFixed(0)} KiB, ${result.sites.length} sites, ${result.findings.length} findings`);
console.log(`bench-track: parse ${parse.toFixed(0)} ms, full lint ${lint.toFixed(0)} ms, ratio ${(lint / parse).toFixed(2)}x (target: lint < 2000 ms)`);
console.log(`bench-track: peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
