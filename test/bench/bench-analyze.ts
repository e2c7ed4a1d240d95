// analyze() throughput (issue 2): a generated 1 MB barrier-heavy file and a 6,000-line realistic file mixed from
// the examples' styles. Prints barrierlint's time (analyze(): parse + extract + track + rules) against the bare
// tree-sitter parse of the same text (median of warm runs), the extractor's share, and peak memory.
// Target for issue 2: analyze / parse <= 1.5.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyze } from '../../server/src/analyze';
import { extractFacts } from '../../server/src/extract/extract';
import { parseCpp } from '../../server/src/parse/parser';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET = 1.5;

/** Consistent (sync, access, layout, legacy state) uses, so the generated barriers are valid and chain. */
const USES = [
  ['D3D12_BARRIER_SYNC_RENDER_TARGET', 'D3D12_BARRIER_ACCESS_RENDER_TARGET', 'D3D12_BARRIER_LAYOUT_RENDER_TARGET', 'D3D12_RESOURCE_STATE_RENDER_TARGET'],
  ['D3D12_BARRIER_SYNC_PIXEL_SHADING', 'D3D12_BARRIER_ACCESS_SHADER_RESOURCE', 'D3D12_BARRIER_LAYOUT_SHADER_RESOURCE', 'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE'],
  ['D3D12_BARRIER_SYNC_COMPUTE_SHADING', 'D3D12_BARRIER_ACCESS_UNORDERED_ACCESS', 'D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS', 'D3D12_RESOURCE_STATE_UNORDERED_ACCESS'],
  ['D3D12_BARRIER_SYNC_COPY', 'D3D12_BARRIER_ACCESS_COPY_DEST', 'D3D12_BARRIER_LAYOUT_COPY_DEST', 'D3D12_RESOURCE_STATE_COPY_DEST'],
];
const SYNCS = USES.map((u) => u[0]);
const ACCESSES = USES.map((u) => u[1]);
const LAYOUTS = USES.map((u) => u[2]);
const STATES = USES.map((u) => u[3]);

/** One function of barrier code; `n` picks the style and the values. */
function barrierFunction(n: number): string {
  // Before = use k, after = use k + 1: every barrier is valid on its own.
  const k = n % USES.length;
  const p = <T>(list: T[], i: number): T => list[(k + (i % 2)) % list.length];
  const tex = `CD3DX12_TEXTURE_BARRIER(${p(SYNCS, 0)}, ${p(SYNCS, 1)}, ${p(ACCESSES, 2)}, ${p(ACCESSES, 3)},
        ${p(LAYOUTS, 4)}, ${p(LAYOUTS, 5)}, textures[${n % 8}], CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff))`;
  switch (n % 4) {
    case 0: return `
void PassHelpers${n}(ID3D12GraphicsCommandList7* cl, ID3D12Resource* const* textures, ID3D12Resource* buf) {
    D3D12_TEXTURE_BARRIER texBarriers[] = {
        ${tex},
    };
    D3D12_BUFFER_BARRIER bufBarriers[] = {
        CD3DX12_BUFFER_BARRIER(${SYNCS[2 + (n % 2)]}, ${SYNCS[3 - (n % 2)]}, ${ACCESSES[2 + (n % 2)]}, ${ACCESSES[3 - (n % 2)]}, buf),
    };
    D3D12_BARRIER_GROUP groups[] = {
        CD3DX12_BARRIER_GROUP(_countof(texBarriers), texBarriers),
        CD3DX12_BARRIER_GROUP(_countof(bufBarriers), bufBarriers),
    };
    cl->Barrier(_countof(groups), groups);
    cl->DrawInstanced(3, 1, 0, 0);
}
`;
    case 1: return `
void PassRaw${n}(ID3D12GraphicsCommandList7* cl, ID3D12Resource* const* textures) {
    D3D12_TEXTURE_BARRIER barrier = {};
    barrier.SyncBefore = ${p(SYNCS, 0)};
    barrier.SyncAfter = ${p(SYNCS, 1)};
    barrier.AccessBefore = ${p(ACCESSES, 2)};
    barrier.AccessAfter = ${p(ACCESSES, 3)};
    barrier.LayoutBefore = ${p(LAYOUTS, 4)};
    barrier.LayoutAfter = ${p(LAYOUTS, 5)};
    barrier.pResource = textures[${n % 8}];
    barrier.Subresources.IndexOrFirstMipLevel = 0xffffffff;
    D3D12_BARRIER_GROUP group = { D3D12_BARRIER_TYPE_TEXTURE, 1, &barrier };
    cl->Barrier(1, &group);
    cl->Dispatch(8, 8, 1);
}
`;
    case 2: return `
void PassVector${n}(ID3D12GraphicsCommandList7* cl, ID3D12Resource* const* textures, UINT count) {
    std::vector<CD3DX12_TEXTURE_BARRIER> barriers;
    for (UINT i = 0; i < count; ++i) {
        barriers.emplace_back(${p(SYNCS, 0)}, ${p(SYNCS, 1)}, ${p(ACCESSES, 2)}, ${p(ACCESSES, 3)},
            ${p(LAYOUTS, 4)}, ${p(LAYOUTS, 5)}, textures[i], CD3DX12_BARRIER_SUBRESOURCE_RANGE(0, 1, 0, 1));
    }
    const CD3DX12_BARRIER_GROUP group(static_cast<UINT32>(barriers.size()), barriers.data());
    cl->Barrier(1, &group);
}
`;
    default: return `
void PassLegacy${n}(ID3D12GraphicsCommandList* cl, ID3D12Resource* const* textures) {
    D3D12_RESOURCE_BARRIER barriers[2];
    UINT count = 0;
    barriers[count++] = CD3DX12_RESOURCE_BARRIER::Transition(textures[${n % 8}], ${p(STATES, 0)}, ${p(STATES, 1)});
    barriers[count++] = CD3DX12_RESOURCE_BARRIER::UAV(textures[${(n + 1) % 8}]);
    cl->ResourceBarrier(count, barriers);
    cl->CopyResource(textures[${(n + 2) % 8}], textures[${(n + 3) % 8}]);
}
`;
  }
}

function barrierHeavy(bytes: number): string {
  let text = '#include <d3d12.h>\n#include <vector>\n#include "d3dx12.h"\n';
  for (let n = 0; text.length < bytes; n++) text += barrierFunction(n);
  return text;
}

/** The examples, their top-level names suffixed per copy, repeated until `lines` lines. */
function realistic(lines: number): string {
  const dir = path.join(ROOT, 'examples');
  const sources = ['hello-frame/HelloFrame.cpp', 'frame-graph/FrameGraph.cpp', 'raw-structs/ComputePost.cpp']
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/^#include.*$/gm, ''));
  const parts: string[] = ['#include <d3d12.h>\n#include <vector>\n#include "d3dx12.h"\n'];
  let count = 3;
  for (let copy = 0; count < lines; copy++) {
    const source = sources[copy % sources.length].replace(/\b(HelloFrame|fg|Post\w+|BarrierBatch|Renderer|SetTextureBarrier)\b/g, `$1_${copy}`);
    parts.push(source);
    count += source.split('\n').length;
  }
  return parts.join('\n').split('\n').slice(0, lines).join('\n');
}

interface Timing {
  /** Median wall-clock milliseconds. */
  wall: number;
  /** Median CPU milliseconds of the process (user + system): steadier than wall time on a shared machine. */
  cpu: number;
}

function median(f: () => void): Timing {
  f();
  f();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    const used = process.cpuUsage();
    f();
    const spent = process.cpuUsage(used);
    wall.push(Number(process.hrtime.bigint() - start) / 1e6);
    cpu.push((spent.user + spent.system) / 1e3);
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { wall: mid(wall), cpu: mid(cpu) };
}

let peakRss = 0;
function sample(): void {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}

function bench(label: string, text: string): number {
  const parse = median(() => {
    parseCpp(text);
    sample();
  });
  const tree = parseCpp(text);
  const extract = median(() => {
    extractFacts(tree, text);
    sample();
  });
  let sites = 0;
  let findings = 0;
  const total = median(() => {
    const r = analyze(text, `${label}.cpp`);
    sites = r.sites.length;
    findings = r.findings.length;
    sample();
  });
  const ms = (t: Timing) => `${t.wall.toFixed(0)}/${t.cpu.toFixed(0)}`;
  const lines = text.split('\n').length;
  console.log(`${label}: ${(text.length / 1e6).toFixed(2)} MB, ${lines} lines, ${sites} sites, ${findings} findings`);
  console.log(`  wall/cpu ms: parse ${ms(parse)}  analyze ${ms(total)}  (of which extract ${ms(extract)})`);
  console.log(`  ratio analyze/parse: wall ${(total.wall / parse.wall).toFixed(2)}, cpu ${(total.cpu / parse.cpu).toFixed(2)}`
    + `  (extract alone: cpu ${(extract.cpu / parse.cpu).toFixed(2)})`);
  return total.cpu / parse.cpu;
}

function main(): void {
  console.log(`barrierlint analyze() bench: median of ${RUNS} warm runs, node ${process.version}, ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}`);
  console.log(`ratio = analyze() (parse + extract + track + rules) / bare tree-sitter parse of the same text; target <= ${TARGET}`);
  const ratios = [bench('barrier-heavy 1 MB', barrierHeavy(1_000_000)), bench('realistic 6,000 lines', realistic(6_000))];
  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log(`peak memory: rss ${(Math.max(peakRss, maxRss) / 2 ** 20).toFixed(0)} MB (sampled ${(peakRss / 2 ** 20).toFixed(0)} MB, maxRSS ${(maxRss / 2 ** 20).toFixed(0)} MB)`);
  const worst = Math.max(...ratios);
  console.log(worst <= TARGET ? `cpu ratio ${worst.toFixed(2)} within the target ${TARGET}` : `cpu ratio ${worst.toFixed(2)} ABOVE the target ${TARGET}`);
}

main();
