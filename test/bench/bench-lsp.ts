// Language-server latency and memory (issue 4), through `barrierlint --stdio` as an editor runs it:
// - open → first diagnostics on a generated 6,000-line file with many barriers (cold, then warm median);
// - keystroke → published diagnostics for 100 single-character edits inside function bodies, debounce included
//   (each edit waits for its own publication: the editor's worst case, nothing coalesced); p50/p95;
// - the server's resident memory (Linux /proc) after opening 50 such files.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { TestClient } from '../harness/lsp-client';
import { barrierHeavyFile } from './barrier-file';

const CLI = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'main.js');
const EDITS = 100;
const FILES_FOR_MEMORY = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  const text = barrierHeavyFile(6000);
  const lines = text.split('\n');
  const child = spawn(process.execPath, [CLI, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const client = new TestClient(createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin)), { settings: {} });
  await client.initialize();
  const baseline = rssMiB(child.pid!);

  const openTimes: number[] = [];
  let findings = 0;
  for (let i = 0; i < 6; i++) {
    const uri = `file:///bench/open-${i}.cpp`;
    const started = performance.now();
    await client.open(uri, text, 1);
    findings = (await client.diagnostics(uri, (p) => p.version === 1, 120_000)).length;
    openTimes.push(performance.now() - started);
    await client.close(uri);
  }

  const uri = 'file:///bench/edit.cpp';
  await client.open(uri, text, 1);
  await client.diagnostics(uri, (p) => p.version === 1, 120_000);
  const bodyLines = lines.map((l, i) => (l.includes('cl->DrawInstanced') ? i : -1)).filter((i) => i >= 0);
  const latencies: number[] = [];
  for (let v = 2; v < EDITS + 2; v++) {
    const line = bodyLines[(v * 37) % bodyLines.length];
    const started = performance.now();
    await client.change(uri, v, [{ range: { start: { line, character: 4 }, end: { line, character: 4 } }, text: ' ' }]);
    await client.diagnostics(uri, (p) => p.version === v, 60_000);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const analysisMs = client.notifications
    .map((n) => n.params as { uri: string; version: number; elapsedMs: number; scope: string })
    .filter((p) => p.uri === uri && p.version >= 2)
    .map((p) => p.elapsedMs)
    .sort((a, b) => a - b);
  const scopes = new Map<string, number>();
  for (const n of client.notifications) {
    const p = n.params as { uri: string; version: number; scope: string };
    if (p.uri === uri && p.version >= 2) scopes.set(p.scope, (scopes.get(p.scope) ?? 0) + 1);
  }

  for (let i = 0; i < FILES_FOR_MEMORY; i++) await client.open(`file:///bench/mem-${i}.cpp`, text, 1);
  for (let i = 0; i < FILES_FOR_MEMORY; i++) await client.diagnostics(`file:///bench/mem-${i}.cpp`, (p) => p.version === 1, 300_000);
  const memory = rssMiB(child.pid!);

  const warm = openTimes.slice(1).sort((a, b) => a - b);
  const ms = (n: number): string => `${n.toFixed(1)} ms`;
  process.stdout.write([
    `bench-lsp: ${lines.length}-line file, ${(text.length / 1024).toFixed(0)} KiB, ${findings} diagnostics`,
    `  open -> first diagnostics: cold ${ms(openTimes[0])}, warm median ${ms(percentile(warm, 50))}`,
    `  keystroke -> diagnostics (${EDITS} edits, debounce included): p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(latencies[latencies.length - 1])}`,
    `  of which analysis in the server: p50 ${ms(percentile(analysisMs, 50))}, p95 ${ms(percentile(analysisMs, 95))} (${[...scopes].map(([k, v]) => `${v} ${k}`).join(', ')})`,
    `  server RSS: ${baseline.toFixed(0)} MiB after initialize, ${memory.toFixed(0)} MiB with ${FILES_FOR_MEMORY + 1} such files open`,
    '',
  ].join('\n'));
  await client.connection.sendRequest('shutdown');
  await client.connection.sendNotification('exit');
  client.dispose();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
