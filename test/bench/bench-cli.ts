// Whole-tree throughput (issue 12): files/s and MB/s of the installed CLI (out/bin/barrierlint.js) over a tree,
// with --jobs 1 and the default --jobs, without and with a cold and a warm --cache. The tree is generated from the
// engine templates (engine-file.ts: one ~300-line module per file), with a shared helper file whose Transition()
// every module calls, so the cross-file pass runs as on an engine checkout; BENCH_TREE=/path lints a real checkout
// instead. Every third module also reads a texture through the inline getter of a class header (texture.h), so the
// cross-file pass's import pass analyses those files again, as it does about a third of a real engine tree's files
// (DirectX-Graphics-Samples: 254 of 679); before session 27 the generated tree had no import pass at all.
// Medians of BENCH_CLI_RUNS (default 5) interleaved repetitions; CPU (user + system) and wall times.
// The default must never be slower than --jobs 1 (it is the same run on 2 cores).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { module } from './engine-file';

const FILES = Number(process.env.BENCH_CLI_FILES ?? 300);
const RUNS = Math.max(5, Number(process.env.BENCH_CLI_RUNS ?? 5));
const CLI = path.resolve(__dirname, '..', '..', 'bin', 'barrierlint.js');

const SHARED = `#include <d3d12.h>
#include "d3dx12.h"

void Transition(ID3D12GraphicsCommandList* cl, ID3D12Resource* resource, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    const CD3DX12_RESOURCE_BARRIER barrier = CD3DX12_RESOURCE_BARRIER::Transition(resource, before, after);
    cl->ResourceBarrier(1, &barrier);
}
`;

const TEXTURE = `#pragma once
#include <d3d12.h>
class Texture {
public:
    ID3D12Resource* GetResource() const { return m_resource; }
private:
    ID3D12Resource* m_resource = nullptr;
};
`;

/** A function of every third module: the texture's resource through the header's getter (an import of the module). */
function textureUser(k: number): string {
  return k % 3 !== 0 ? '' : `
void CopyTexture_${k}(ID3D12GraphicsCommandList* cl, Texture& texture, ID3D12Resource* readback)
{
    Transition(cl, texture.GetResource(), D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COPY_SOURCE);
    cl->CopyResource(readback, texture.GetResource());
    Transition(cl, texture.GetResource(), D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
}
`;
}

function caller(k: number): string {
  return `
void CopyOut_${k}(ID3D12GraphicsCommandList* cl, ID3D12Resource* source, ID3D12Resource* readback)
{
    Transition(cl, source, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COPY_SOURCE);
    cl->CopyResource(readback, source);
    Transition(cl, source, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
}
`;
}

function generate(root: string): { files: number; bytes: number } {
  fs.writeFileSync(path.join(root, 'barriers.cpp'), SHARED);
  fs.writeFileSync(path.join(root, 'texture.h'), TEXTURE);
  let bytes = SHARED.length + TEXTURE.length;
  for (let k = 0; k < FILES - 2; k++) {
    const text = `#include <d3d12.h>\n#include <vector>\n#include <string>\n#include "d3dx12.h"\n#include "texture.h"\nnamespace engine {\n${module(k)}\n${caller(k)}${textureUser(k)}\n}\n`;
    const file = path.join(root, `system${k % 12}`, `module${k}.cpp`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    bytes += text.length;
  }
  return { files: FILES, bytes };
}

function measureTree(root: string): { files: number; bytes: number } {
  const run = spawnSync('sh', ['-c', `find . -type f \\( -name '*.cpp' -o -name '*.h' -o -name '*.hpp' -o -name '*.c' -o -name '*.cc' -o -name '*.cxx' -o -name '*.inl' \\) -printf '%s\\n'`], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  const sizes = run.stdout.trim().split('\n').filter(Boolean).map(Number);
  return { files: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0) };
}

interface Sample { cpu: number; wall: number; rssMiB: number; findings: number }

function lint(root: string, args: string[]): Sample {
  const run = spawnSync('/usr/bin/time', ['-f', '@@ %U %S %e %M', process.execPath, CLI, '--format', 'json', ...args, '.'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 });
  const m = /@@ ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(run.stderr);
  if (!m || run.status === 2) throw new Error(`barrierlint ${args.join(' ')} failed (${run.status}): ${run.stderr.slice(0, 2000)}`);
  const findings = (JSON.parse(run.stdout) as { files: { diagnostics: unknown[] }[] }).files.reduce((n, f) => n + f.diagnostics.length, 0);
  return { cpu: Number(m[1]) + Number(m[2]), wall: Number(m[3]), rssMiB: Number(m[4]) / 1024, findings };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function main(): void {
  const generated = !process.env.BENCH_TREE;
  const root = process.env.BENCH_TREE ?? fs.mkdtempSync(path.join(os.tmpdir(), 'barrierlint-bench-'));
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'barrierlint-bench-cache-'));
  try {
    const { files, bytes } = generated ? generate(root) : measureTree(root);
    console.log(`barrierlint CLI bench: ${files} files, ${(bytes / 1e6).toFixed(1)} MB${generated ? ' (generated)' : ` (${root})`}, `
      + `${os.availableParallelism()} cores, node ${process.version}, load ${os.loadavg()[0].toFixed(1)}; medians of ${RUNS} interleaved runs`);
    const cache = (name: string) => ['--cache', '--cache-location', path.join(cacheDir, name)];
    const clear = (name: string) => fs.rmSync(path.join(cacheDir, name), { recursive: true, force: true });
    const configs: { label: string; run: () => Sample }[] = [
      { label: '--jobs 1', run: () => lint(root, ['--jobs', '1']) },
      { label: 'default --jobs', run: () => lint(root, []) },
      { label: '--jobs 2', run: () => lint(root, ['--jobs', '2']) },
      { label: '--jobs 1 --cache (cold)', run: () => (clear('j1'), lint(root, ['--jobs', '1', ...cache('j1')])) },
      { label: '--jobs 1 --cache (warm)', run: () => lint(root, ['--jobs', '1', ...cache('j1')]) },
      { label: 'default --cache (cold)', run: () => (clear('auto'), lint(root, cache('auto'))) },
      { label: 'default --cache (warm)', run: () => lint(root, cache('auto')) },
    ];
    const samples = configs.map(() => [] as Sample[]);
    for (let r = 0; r < RUNS; r++) {
      // Rotate pairs so a cold run always precedes its warm run, and no configuration always runs first.
      const order = [[0], [1], [2], [3, 4], [5, 6]];
      for (let i = 0; i < order.length; i++) for (const c of order[(i + r) % order.length]) samples[c].push(configs[c].run());
    }
    for (const [i, c] of configs.entries()) {
      const cpu = median(samples[i].map((s) => s.cpu));
      const wall = median(samples[i].map((s) => s.wall));
      const rss = Math.max(...samples[i].map((s) => s.rssMiB));
      console.log(`${c.label.padEnd(24)} cpu ${cpu.toFixed(2).padStart(6)} s  wall ${wall.toFixed(2).padStart(6)} s  `
        + `${(files / cpu).toFixed(0).padStart(5)} files/CPU-s  ${(bytes / 1e6 / cpu).toFixed(2).padStart(5)} MB/CPU-s  `
        + `${(files / wall).toFixed(0).padStart(5)} files/s  peak ${rss.toFixed(0)} MiB  (${samples[i][0].findings} findings)`);
    }
  } finally {
    if (generated) fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

main();
