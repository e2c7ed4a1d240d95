// Hand-written adversarial input generators (issue: reliability under hostile input): the shapes that made the
// analysis hang, blow up or throw — huge constant indices and counts, deep loop nests, giant shifts, deep if/else
// nesting, multiplying helper chains, classic-Mac and mixed line ends, and prefixes of files as they are typed.
// Deterministic per seed (mulberry32), so a failure is reproduced by its seed alone.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sourceFiles } from './fixture';

export type Rng = () => number;

export function rngOf(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];

export interface Adversarial {
  generator: string;
  text: string;
}

const HUGE = ['100000000', '1u << 30', '0x7fffffff', '4096', '4095', '65536', '1ull << 40', '(UINT)-1', '99999999999'];

const BARRIER = `D3D12_TEXTURE_BARRIER t = CD3DX12_TEXTURE_BARRIER(D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_SYNC_ALL,
    D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_COMMON,
    D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
  D3D12_BARRIER_GROUP g = CD3DX12_BARRIER_GROUP(1, &t);
  cl->Barrier(1, &g);`;

const wrap = (body: string): string =>
  `#include <d3d12.h>\nvoid F(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex, D3D12_RESOURCE_BARRIER* rb, int n, int x) {\n${body}\n}\n`;

function hugeIndex(rng: Rng): string {
  const k = pick(rng, HUGE);
  const lines = [`  D3D12_RESOURCE_BARRIER b[${pick(rng, ['4', '16', k])}] = {};`];
  for (let i = 0; i < int(rng, 1, 6); i++) {
    lines.push(pick(rng, [
      `  b[${pick(rng, HUGE)}].Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;`,
      `  b[${pick(rng, HUGE)}].Transition.pResource = tex;`,
      `  b[${pick(rng, HUGE)}].Transition.StateBefore = D3D12_RESOURCE_STATE_COMMON;`,
      `  cl->ResourceBarrier(${pick(rng, HUGE)}, b);`,
      `  cl->ResourceBarrier(1, &b[${pick(rng, HUGE)}]);`,
      `  for (UINT i = 0; i < ${pick(rng, HUGE)}; i++) b[i] = CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);`,
      `  std::vector<D3D12_RESOURCE_BARRIER> v(${pick(rng, HUGE)}); v.resize(${pick(rng, HUGE)}); cl->ResourceBarrier((UINT)v.size(), v.data());`,
    ]));
  }
  return wrap(lines.join('\n'));
}

function deepLoops(rng: Rng): string {
  const depth = int(rng, 5, 40);
  const open = Array.from({ length: depth }, (_, i) => pick(rng, [
    `for (int i${i} = 0; i${i} < n; i${i}++) {`, `while (x > ${i}) {`, `do {`, `for (auto& e${i} : list${i}) {`,
  ]));
  const close = open.map((o) => (o === 'do {' ? '} while (n--);' : '}')).reverse();
  return wrap(`${open.join('\n')}\n  ${BARRIER}\n${close.join('\n')}`);
}

function giantShift(rng: Rng): string {
  const lines: string[] = [];
  for (let i = 0; i < int(rng, 1, 8); i++) {
    const count = pick(rng, ['100000000', '64', '65', '-1', '4294967295', '1u << 30', '(1 << 62)', '1000000']);
    lines.push(pick(rng, [
      `  UINT s${i} = 1u << ${count};`, `  UINT64 w${i} = 1ull << (${count});`, `  UINT r${i} = ~0u >> ${count};`,
      `  cl->ResourceBarrier(1u << ${count}, rb);`,
      `  const UINT k${i} = (1 << ${count}) | D3D12_RESOURCE_STATE_COPY_DEST;`,
    ]));
  }
  return wrap(`${lines.join('\n')}\n  ${BARRIER}`);
}

function deepNesting(rng: Rng): string {
  const depth = int(rng, 50, 1500);
  if (rng() < 0.5) return wrap(`${'if (x) {\n'.repeat(depth)}  ${BARRIER}\n${'}\n'.repeat(depth)}`);
  return wrap(`if (x == 0) { cl->Close(); }\n${Array.from({ length: depth }, (_, i) => `else if (x == ${i + 1}) { cl->Close(); }`).join('\n')}`);
}

function callChain(rng: Rng): string {
  const fanout = int(rng, 2, 12);
  const levels = int(rng, 2, 6);
  const fns = [`void L0(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {\n  ${BARRIER}\n}`];
  for (let l = 1; l <= levels; l++) {
    fns.push(`void L${l}(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {\n${`  L${l - 1}(cl, tex);\n`.repeat(fanout)}}`);
  }
  fns.push(`void Top(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex, int n) {\n  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) L${levels}(cl, tex);\n}`);
  return `#include <d3d12.h>\n${fns.join('\n')}\n`;
}

/** A file of the corpus with its line ends replaced: all lone `\r`, or a per-line mix of `\n`, `\r\n`, `\r`. */
function lineEnds(rng: Rng, corpus: readonly string[]): string {
  const lines = pick(rng, corpus).split(/\r\n|\r|\n/);
  const mixed = rng() < 0.5;
  return lines.map((l) => l + (mixed ? pick(rng, ['\n', '\r\n', '\r']) : '\r')).join('');
}

/** A prefix of a corpus file (a file as it is being typed), sometimes with a random tail of tokens. */
function prefix(rng: Rng, corpus: readonly string[]): string {
  const text = pick(rng, corpus);
  const cut = text.slice(0, int(rng, 0, text.length));
  return rng() < 0.3 ? cut + pick(rng, ['{', '(', '[', '"', "'", '/*', '//', '\\', '<<', '->', '#if', 'template<']) : cut;
}

const GENERATORS = {
  'huge-index': (rng: Rng) => hugeIndex(rng),
  'deep-loops': (rng: Rng) => deepLoops(rng),
  'giant-shift': (rng: Rng) => giantShift(rng),
  'deep-nesting': (rng: Rng) => deepNesting(rng),
  'call-chain': (rng: Rng) => callChain(rng),
  'line-ends': (rng: Rng, corpus: readonly string[]) => lineEnds(rng, corpus),
  prefix: (rng: Rng, corpus: readonly string[]) => prefix(rng, corpus),
} as const;

export const GENERATOR_NAMES = Object.keys(GENERATORS) as (keyof typeof GENERATORS)[];

/** The input for `seed`: the generator is chosen by the seed too, so one number reproduces a case. */
export function adversarial(seed: number, corpus: readonly string[]): Adversarial {
  const rng = rngOf(seed);
  const generator = GENERATOR_NAMES[seed % GENERATOR_NAMES.length];
  return { generator, text: GENERATORS[generator](rng, corpus) };
}

/** The fixtures and examples, as the seed material of the line-end and prefix generators. */
export function adversarialCorpus(root: string): string[] {
  return [...sourceFiles(path.join(root, 'test', 'fixtures')), ...sourceFiles(path.join(root, 'examples'))]
    .sort().map((p) => fs.readFileSync(p, 'utf8'));
}
