// Worst case over generated adversarial inputs (issue: reliability under hostile input): analyses a fixed set
// of seeds from test/harness/adversarial.ts (every generator: huge constant indices, deep loops, giant shifts,
// deep nesting, multiplying helper chains, CR-only/mixed line ends, prefixes) and reports the worst time per line
// and per input, overall and per generator, plus a 3 MB generated file. Registered by its name (bench-*.js).
import * as path from 'node:path';
import { analyze } from '../../server/src/analyze';
import { GENERATOR_NAMES, adversarial, adversarialCorpus } from '../harness/adversarial';
import { barrierHeavyFile } from './barrier-file';

const ROOT = path.resolve(__dirname, '../../..');
const SEEDS = 700;

function main(): void {
  const corpus = adversarialCorpus(ROOT);
  const worst = new Map<string, { ms: number; perLine: number; seed: number }>(GENERATOR_NAMES.map((g) => [g, { ms: 0, perLine: 0, seed: 0 }]));
  for (let seed = 1; seed <= SEEDS; seed++) {
    const { generator, text } = adversarial(seed, corpus);
    const started = performance.now();
    analyze(text, 'file:///bench-adversarial.cpp', {});
    const ms = performance.now() - started;
    const perLine = ms / text.split(/\r\n|\r|\n/).length;
    const w = worst.get(generator)!;
    if (perLine > w.perLine) Object.assign(w, { perLine, seed });
    w.ms = Math.max(w.ms, ms);
  }
  const big = barrierHeavyFile(60_000);
  const started = performance.now();
  analyze(big, 'file:///bench-big.cpp', {});
  const bigMs = performance.now() - started;
  const rows = [...worst].map(([g, w]) => `  ${g.padEnd(13)} worst ${w.perLine.toFixed(3)} ms/line (seed ${w.seed}), worst input ${w.ms.toFixed(0)} ms`);
  const overall = Math.max(...[...worst.values()].map((w) => w.perLine));
  process.stdout.write([
    `bench-adversarial: ${SEEDS} generated inputs; worst time per line ${overall.toFixed(3)} ms`,
    ...rows,
    `  ${(big.length / 2 ** 20).toFixed(1)} MB generated file (${big.split('\n').length} lines): ${bigMs.toFixed(0)} ms, ${(bigMs / big.split('\n').length).toFixed(3)} ms/line`,
    '',
  ].join('\n'));
}

main();
