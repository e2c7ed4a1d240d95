// One cold measurement in a fresh process, for bench-analyze.ts: `node child-run.js <mode> <file>` loads what the
// mode needs, then times its first call (a cold run: nothing compiled, no JIT feedback) and prints
// {"cpu": ms, "wall": ms} on stdout. Modes: `parse` (bare tree-sitter parse: no pre-pass), `lint` (analyze()),
// `editor` (the language server's whole-file path, analyzeFile()).
import * as fs from 'node:fs';
import { tuneJit } from '../../server/src/jit-flags';

function timeOnce(f: () => void): { cpu: number; wall: number } {
  const start = process.hrtime.bigint();
  const used = process.cpuUsage();
  f();
  const spent = process.cpuUsage(used);
  return { cpu: (spent.user + spent.system) / 1e3, wall: Number(process.hrtime.bigint() - start) / 1e6 };
}

function main(): void {
  // As barrierlint's own processes run (cli/launcher.ts, lsp/main.ts); BARRIERLINT_JIT_FLAGS=0 measures V8's defaults.
  tuneJit();
  const [mode, file] = process.argv.slice(2);
  const text = fs.readFileSync(file, 'utf8');
  let run: () => void;
  if (mode === 'parse') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { bareParse } = require('./bare-parse') as typeof import('./bare-parse');
    run = () => bareParse(text);
  } else if (mode === 'lint') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { analyze } = require('../../server/src/analyze') as typeof import('../../server/src/analyze');
    run = () => analyze(text, 'file:///bench/input.cpp');
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { editorWholeFile } = require('./bare-parse') as typeof import('./bare-parse');
    run = () => editorWholeFile(text);
  }
  process.stdout.write(`${JSON.stringify(timeOnce(run))}\n`);
}

main();
