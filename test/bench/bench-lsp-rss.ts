// The language server's resident memory while and after typing into a real file (issue 13: server RSS ≤ 2× a bare
// parse process): `barrierlint --stdio` under a scripted client opens the file, waits 10 s, types KEYS keystrokes
// (one space each, spread over the file's functions, each waiting for its publication), then reads the RSS every 5 s
// for 40 s: the background thread stops 5 s after its last job (the re-check after the pause runs meanwhile), so
// the last figures are what the server keeps. The bare parse is bench-lsp-typing.ts's (a process that only parses).
// Usage: node out/test/bench/bench-lsp-rss.js [--keys N] file.cpp...
//   BARRIERLINT_LSP_YOUNG_MB=0 for the server as it ran before session 23 (V8's own young-generation sizing).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { TestClient } from '../harness/lsp-client';
import { bareParseMiB, rssMiB } from './bench-lsp-typing';
import { typingEdits } from './typing-edits';

const CLI = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'main.js');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function rssWhileTyping(file: string, keys: number): Promise<string> {
  const text = readFileSync(file, 'utf8');
  const edits = typingEdits(text, 1000);
  const positions = [...edits.uncalled, ...edits.called].sort((a, b) => a.line - b.line);
  const child = spawn(process.execPath, [CLI, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const client = new TestClient(createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin)), { settings: {} });
  const rss = (): string => rssMiB(child.pid!).toFixed(0);
  try {
    await client.initialize();
    const uri = `file:///bench/${path.basename(file)}`;
    await client.open(uri, text, 1);
    await client.diagnostics(uri, (p) => p.version === 1, 300_000);
    const out = [`open ${rss()}`];
    await sleep(10_000);
    out.push(`+10 s ${rss()}`);
    let peak = 0;
    for (let i = 0; i < keys && positions.length > 0; i++) {
      const at = positions[Math.floor((i * positions.length) / keys)];
      const version = i + 2;
      await client.change(uri, version, [{ range: { start: at, end: at }, text: ' ' }]);
      await client.diagnostics(uri, (p) => p.version === version, 300_000);
      peak = Math.max(peak, rssMiB(child.pid!));
    }
    out.push(`typing peak ${peak.toFixed(0)}`, `after ${rss()}`);
    for (let s = 5; s <= 40; s += 5) {
      await sleep(5000);
      out.push(`+${s} s ${rss()}`);
    }
    const bare = bareParseMiB(text);
    const last = rssMiB(child.pid!);
    await client.connection.sendRequest('shutdown');
    await client.connection.sendNotification('exit');
    return `bench-lsp-rss: ${path.basename(file)}, ${keys} keystrokes: RSS MiB ${out.join(', ')}; bare parse ${bare.toFixed(0)} MiB, ` +
      `settled ratio ${(last / bare).toFixed(2)}`;
  } finally {
    client.dispose();
    child.kill();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--keys');
  const keys = at >= 0 ? Number(args.splice(at, 2)[1]) : 40;
  for (const file of args) console.log(await rssWhileTyping(file, keys));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
