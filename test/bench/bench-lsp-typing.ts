// Keystroke → diagnostics latency of the language server while typing (issue 13), through `barrierlint --stdio`
// as an editor runs it, on real-style files of 6,000 and 40,000 lines: render passes that share a helper
// (`Transition(cl, res, before, after)`) and are all called from one `RenderFrame()`, so every edited function is
// "called elsewhere in the file" (the case the function-only re-analysis used to give up on).
// - typing: single-character edits inside pass bodies, each waiting for its own publication (p50/p95/max);
// - during a re-check: a keystroke sent while the re-check (started by a pause) runs;
// - during a whole-file analysis: a keystroke sent while the analysis a save starts runs;
// - the server's resident memory against a bare parse of the same file, right after and 15 s after the typing.
// - a real file given by path: edits in functions nothing else calls, then in functions called elsewhere
//   (typing-edits.ts picks one place per function body).
// Usage: node out/test/bench/bench-lsp-typing.js [lines...] [file.cpp...]   (default 6000 40000; npm run bench runs it)
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { TestClient } from '../harness/lsp-client';
import { typingEdits } from './typing-edits';

const CLI = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'main.js');
const PARSER = path.resolve(__dirname, '..', '..', 'server', 'src', 'parse', 'parser.js');
const EDITS = 60;
const DURING_RECHECK = 8;
/** How long after the last keystroke the server's RSS is read again, once its background thread has stopped. */
const SETTLE_MS = 15_000;

/** A render pass; real code is mostly right, so one pass in 25 has a mistake (COMMON access with UNDEFINED). */
function pass(n: number): string {
  const access = n % 25 === 0 ? 'D3D12_BARRIER_ACCESS_COMMON' : 'D3D12_BARRIER_ACCESS_NO_ACCESS';
  return `
// Pass ${n}: 中文注释
void Pass${n}(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex, ID3D12Resource* buf)
{
    CD3DX12_TEXTURE_BARRIER toRead(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING,
        ${access}, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
        D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,
        tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP group(1, &toRead);
    cl->Barrier(1, &group);
    cl->DrawInstanced(3, 1, 0, 0);
    Transition(cl, buf, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->Dispatch(1, 1, 1);
    Transition(cl, buf, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COMMON);
}
`;
}

/** A real-style file of at least `lines` lines: one shared helper, passes, and a frame function calling them all. */
export function typingFile(lines: number): string {
  let text = `#include <d3d12.h>
#include "d3dx12.h"

static void Transition(ID3D12GraphicsCommandList* cl, ID3D12Resource* res, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(res, before, after);
    cl->ResourceBarrier(1, &b);
}
`;
  const passLines = pass(0).split('\n').length - 1;
  let count = text.split('\n').length;
  let n = 0;
  for (; count + passLines + n + 8 < lines; n++, count += passLines) text += pass(n);
  const calls = Array.from({ length: n }, (_, i) => `    Pass${i}(cl, m_tex[${i % 16}], m_buf[${i % 16}]);`).join('\n');
  return `${text}\nvoid RenderFrame(ID3D12GraphicsCommandList7* cl)\n{\n${calls}\n}\n`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** RSS of a process that only parses the file (the yardstick for server memory). */
export function bareParseMiB(text: string): number {
  const script = `const { parseCpp } = require(${JSON.stringify(PARSER)}); const fs = require('fs');
const text = fs.readFileSync(0, 'utf8'); const tree = parseCpp(text); tree.rootNode.childCount;
const kb = /VmRSS:\\s+(\\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]; process.stdout.write(kb);`;
  const run = spawnSync(process.execPath, ['-e', script], { input: text, encoding: 'utf8' });
  return Number(run.stdout) / 1024;
}

const ms = (n: number): string => `${n.toFixed(1)} ms`;
const summary = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${ms(percentile(s, 50))}, p95 ${ms(percentile(s, 95))}, max ${ms(s[s.length - 1])}`;
};

interface EditPlan {
  label: string;
  positions: { line: number; character: number }[];
}

/** Keystroke latencies for each plan, a keystroke landing in a whole-file re-check, and the server's memory. */
async function benchText(title: string, text: string, uri: string, plans: EditPlan[]): Promise<string[]> {
  const lines = text.split('\n');
  // NOTE: BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server under this client.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...nodeArgs, CLI, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const client = new TestClient(createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin)), { settings: {} });
  await client.initialize();
  const opened = performance.now();
  await client.open(uri, text, 1);
  const findings = (await client.diagnostics(uri, (p) => p.version === 1, 300_000)).length;
  const openMs = performance.now() - opened;

  let version = 1;
  const keystroke = async (at: { line: number; character: number }): Promise<number> => {
    const v = ++version;
    const started = performance.now();
    await client.change(uri, v, [{ range: { start: at, end: at }, text: ' ' }]);
    await client.diagnostics(uri, (p) => p.version === v, 300_000);
    return performance.now() - started;
  };
  const report = [`bench-lsp-typing: ${title}: ${lines.length} lines (${(text.length / 1024).toFixed(0)} KiB), ${findings} diagnostics, open -> diagnostics ${ms(openMs)}`];
  for (const plan of plans.filter((p) => p.positions.length > 0)) {
    const typed: number[] = [];
    for (let i = 0; i < EDITS; i++) typed.push(await keystroke(plan.positions[(i * 37) % plan.positions.length]));
    report.push(`  keystroke -> diagnostics, ${plan.label} (${EDITS} edits in ${plan.positions.length} places): ${summary(typed)}`);
  }
  const recheck = plans.find((p) => p.positions.length > 0)?.positions ?? [];
  const during: number[] = [];
  for (let i = 0; i < DURING_RECHECK && recheck.length > 0; i++) {
    // The re-check starts 1.5 s after the last keystroke; land the next one shortly after it began.
    await new Promise((resolve) => setTimeout(resolve, 1600 + 40 * i));
    during.push(await keystroke(recheck[(i * 11) % recheck.length]));
  }
  const duringSave: number[] = [];
  for (let i = 0; i < DURING_RECHECK && recheck.length > 0; i++) {
    // Saving starts a whole-file analysis at once; land the next keystroke while it runs.
    await client.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
    await new Promise((resolve) => setTimeout(resolve, 100 + 40 * i));
    duringSave.push(await keystroke(recheck[(i * 13) % recheck.length]));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const rss = rssMiB(child.pid!);
  // Settled: the background thread stops 5 s after its last job and the idle collection runs after 1 s of quiet.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const settled = rssMiB(child.pid!);
  await client.connection.sendRequest('shutdown');
  await client.connection.sendNotification('exit');
  client.dispose();
  const bare = bareParseMiB(text);
  report.push(
    `  keystroke during a re-check after a pause (${DURING_RECHECK}): ${summary(during)}`,
    `  keystroke during the whole-file analysis of a save (${DURING_RECHECK}): ${summary(duringSave)}`,
    `  server RSS ${rss.toFixed(0)} MiB (bare parse of the file: ${bare.toFixed(0)} MiB, ratio ${(rss / bare).toFixed(1)}); ` +
      `${SETTLE_MS / 1000} s later ${settled.toFixed(0)} MiB (ratio ${(settled / bare).toFixed(1)})`,
  );
  return report;
}

function generated(lineCount: number): Promise<string[]> {
  const text = typingFile(lineCount);
  const positions = text.split('\n').flatMap((l, line) => (l.includes('cl->DrawInstanced') ? [{ line, character: 4 }] : []));
  return benchText('generated, every pass called from RenderFrame', text, `file:///bench/typing-${lineCount}.cpp`, [{ label: 'in called functions', positions }]);
}

/** A real engine file: edits in functions nothing else in the file calls, then in functions called elsewhere. */
function realFile(file: string): Promise<string[]> {
  const text = readFileSync(file, 'utf8');
  const edits = typingEdits(text, EDITS);
  return benchText(path.basename(file), text, `file:///bench/${path.basename(file)}`, [
    { label: 'in uncalled functions', positions: edits.uncalled },
    { label: 'in called functions', positions: edits.called },
  ]);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const files = args.filter((a) => Number.isNaN(Number(a)));
  const sizes = args.map(Number).filter((n) => n > 0);
  for (const size of sizes.length > 0 || files.length > 0 ? sizes : [6000, 40000]) process.stdout.write(`${(await generated(size)).join('\n')}\n`);
  for (const file of files) process.stdout.write(`${(await realFile(file)).join('\n')}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
