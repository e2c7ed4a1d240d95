// The single-file bench inputs (issue 12), shared by bench-analyze.ts and by profiling: a realistic 6,000-line engine
// file, a 290 KB and a 1 MB barrier-heavy file that compile, and a 40,000-line file built from several realistic
// files. `node out/test/bench/inputs.js DIR [NAME-PART...]` writes them to DIR as .cpp files (for `node --cpu-prof`
// of the CLI on exactly what the bench measures).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { barrierHeavy } from './barrier-heavy';
import { engineFile, module as engineModule } from './engine-file';

const ROOT = path.resolve(__dirname, '..', '..', '..');

export interface Input { name: string; text: string; clang: boolean }

/** The examples, with their top-level names suffixed per copy, interleaved with engine modules until `lines`. */
export function suiteFile(lines: number): string {
  const dir = path.join(ROOT, 'examples');
  const examples = ['hello-frame/HelloFrame.cpp', 'frame-graph/FrameGraph.cpp', 'raw-structs/ComputePost.cpp']
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/^#include.*$/gm, ''));
  const parts = ['#include <d3d12.h>\n#include <vector>\n#include "d3dx12.h"\n'];
  let count = 3;
  for (let copy = 0; count < lines; copy++) {
    const source = copy % 4 === 3
      ? `namespace engine_${copy} {\n${engineModule(copy)}\n}\n`
      : examples[copy % 4].replace(/\b(HelloFrame|fg|Post\w+|BarrierBatch|Renderer|SetTextureBarrier)\b/g, `$1_${copy}`);
    parts.push(source);
    count += source.split('\n').length - 1;
  }
  return parts.join('\n');
}

/** The inputs whose name contains one of `only` (all of them when `only` is undefined). */
export function benchInputs(only?: readonly string[]): Input[] {
  return [
    { name: 'engine 6k lines', text: () => engineFile(6000), clang: true },
    { name: 'barrier-heavy 290 KB', text: () => barrierHeavy(290_000), clang: true },
    { name: 'barrier-heavy 1 MB', text: () => barrierHeavy(1_000_000), clang: true },
    { name: 'suite 40k lines', text: () => suiteFile(40_000), clang: false },
  ].filter((i) => !only || only.some((o) => i.name.includes(o))).map((i) => ({ ...i, text: i.text() }));
}

/** The file name an input is written to. */
export function inputFileName(input: Input): string {
  return `${input.name.replace(/\W+/g, '-')}.cpp`;
}

if (require.main === module) {
  const [dir, ...only] = process.argv.slice(2);
  if (!dir) {
    process.stderr.write('usage: node out/test/bench/inputs.js DIR [NAME-PART...]\n');
    process.exit(2);
  }
  fs.mkdirSync(dir, { recursive: true });
  for (const input of benchInputs(only.length ? only : undefined)) {
    const file = path.join(dir, inputFileName(input));
    fs.writeFileSync(file, input.text);
    process.stdout.write(`${file}\n`);
  }
}
