// CLI throughput (issue 6): lint a generated tree of 500 barrier-heavy C++ files with --jobs 1, --jobs 2, and a
// warm result cache; print files per second. Timings include process start-up, as a CI job sees them.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const FILES = 500;
const CLI = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'main.js');

const SYNCS = ['D3D12_BARRIER_SYNC_NONE', 'D3D12_BARRIER_SYNC_ALL', 'D3D12_BARRIER_SYNC_PIXEL_SHADING', 'D3D12_BARRIER_SYNC_COMPUTE_SHADING', 'D3D12_BARRIER_SYNC_RENDER_TARGET'];
const ACCESSES = ['D3D12_BARRIER_ACCESS_NO_ACCESS', 'D3D12_BARRIER_ACCESS_COMMON', 'D3D12_BARRIER_ACCESS_SHADER_RESOURCE', 'D3D12_BARRIER_ACCESS_UNORDERED_ACCESS', 'D3D12_BARRIER_ACCESS_RENDER_TARGET'];
const LAYOUTS = ['D3D12_BARRIER_LAYOUT_UNDEFINED', 'D3D12_BARRIER_LAYOUT_COMMON', 'D3D12_BARRIER_LAYOUT_SHADER_RESOURCE', 'D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS', 'D3D12_BARRIER_LAYOUT_RENDER_TARGET'];

/** One render pass: texture and buffer barriers in the helper style, a group, the Barrier call. */
function pass(file: number, n: number): string {
  const pick = <T>(list: T[], k: number): T => list[(file * 7 + n * 3 + k) % list.length];
  return `
void Pass${n}(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex${n}, ID3D12Resource* buf${n}) {
  D3D12_TEXTURE_BARRIER textures[] = {
    CD3DX12_TEXTURE_BARRIER(${pick(SYNCS, 0)}, ${pick(SYNCS, 1)},
      ${pick(ACCESSES, 2)}, ${pick(ACCESSES, 3)},
      ${pick(LAYOUTS, 4)}, ${pick(LAYOUTS, 5)},
      tex${n}, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff)),
  };
  D3D12_BUFFER_BARRIER buffers[] = {
    CD3DX12_BUFFER_BARRIER(${pick(SYNCS, 6)}, ${pick(SYNCS, 7)}, ${pick(ACCESSES, 8)}, ${pick(ACCESSES, 9)}, buf${n}),
  };
  D3D12_BARRIER_GROUP groups[] = {
    CD3DX12_BARRIER_GROUP(_countof(textures), textures),
    CD3DX12_BARRIER_GROUP(_countof(buffers), buffers),
  };
  cl->Barrier(_countof(groups), groups);
  cl->DrawInstanced(3, 1, 0, 0);
}
`;
}

function generate(root: string): number {
  let bytes = 0;
  for (let i = 0; i < FILES; i++) {
    const text = `#include <d3d12.h>\n#include "d3dx12.h"\n${Array.from({ length: 6 }, (_, n) => pass(i, n)).join('')}`;
    const file = path.join(root, `module${i % 10}`, `pass${i}.cpp`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    bytes += text.length;
  }
  return bytes;
}

const RUNS = 3;

/** Best of RUNS (the least disturbed by other load on the machine), with the median for context. */
function timed(label: string, args: string[], cwd: string, prepare: () => void = () => undefined): void {
  const times: number[] = [];
  let findings = 0;
  for (let i = 0; i < RUNS; i++) {
    prepare();
    const start = process.hrtime.bigint();
    const run = spawnSync(process.execPath, [CLI, '--format', 'json', ...args, '.'], { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
    if (run.status === 2) throw new Error(`${label}: barrierlint exited 2\n${run.stderr}`);
    findings = (JSON.parse(run.stdout) as { files: { diagnostics: unknown[] }[] }).files.reduce((n, f) => n + f.diagnostics.length, 0);
  }
  times.sort((a, b) => a - b);
  const [best, median] = [times[0], times[Math.floor(RUNS / 2)]];
  const rate = (FILES / best).toFixed(0).padStart(6);
  console.log(`${label.padEnd(26)} best ${best.toFixed(2).padStart(6)} s  median ${median.toFixed(2).padStart(6)} s  ${rate} files/s  (${findings} findings)`);
}

function main(): void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'barrierlint-bench-'));
  try {
    const bytes = generate(root);
    console.log(`barrierlint CLI bench: ${FILES} files, ${(bytes / 1e6).toFixed(1)} MB, ${os.availableParallelism()} cores, node ${process.version}`);
    const cache = path.join(root, 'node_modules', '.cache', 'barrierlint');
    const clearCache = (): void => fs.rmSync(cache, { recursive: true, force: true });
    console.log(`${RUNS} runs each; load average before: ${os.loadavg()[0].toFixed(2)}`);
    timed('--jobs 1', ['--jobs', '1'], root);
    timed('--jobs 2', ['--jobs', '2'], root);
    timed('--jobs 2 --cache (cold)', ['--jobs', '2', '--cache'], root, clearCache);
    timed('--jobs 2 --cache (warm)', ['--jobs', '2', '--cache'], root);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main();
