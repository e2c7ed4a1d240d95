// Helpers for the CLI tests: spawn the built `barrierlint` and lay out temporary source trees.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** out/test/cli → out/server/src/cli/main.js */
export const CLI = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'main.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): CliRun {
  const child = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '', ...env },
    timeout: 60_000,
  });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

const created: string[] = [];
// Each test file runs in a process of its own: its temporary trees go when it exits.
process.on('exit', () => {
  for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
});

/** Creates a temporary directory holding `files` (relative path → contents) and returns its path (removed at exit). */
export function tempTree(files: Record<string, string | Buffer>): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'barrierlint-cli-')));
  created.push(root);
  writeTree(root, files);
  return root;
}

/** A `--jobs 1 --no-cache` run over `src` of a temporary tree: per file (the path below `src/`), its findings as `rule:line`. */
export function ruleLinesBySrcFile(files: Record<string, string>): Record<string, string[]> {
  const run = runCli(['--format', 'json', '--jobs', '1', '--no-cache', 'src'], tempTree(files));
  const out = JSON.parse(run.stdout) as { files: { path: string; diagnostics: { rule: string; line: number }[] }[] };
  return Object.fromEntries(out.files.map((f) => [f.path.replace(/^src\//, ''), f.diagnostics.map((d) => `${d.rule}:${d.line}`)]));
}

export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, contents] of Object.entries(files)) {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, contents);
  }
}

/** A clean C++ file (no barrier mistakes). */
export const CLEAN_CPP = `#include <d3d12.h>
void Record(ID3D12GraphicsCommandList7* cl) {
  cl->Close();
}
`;

/**
 * A file whose only finding is a stale suppression: `unused-suppression` is the one rule this issue owns, so
 * tests of configuration, baselines and parallel runs can count on it while the barrier rules land elsewhere.
 */
export function staleSuppressionCpp(name: string, count = 1): string {
  const lines = [`// ${name}: stale suppressions only`, 'void Record(ID3D12GraphicsCommandList7* cl) {'];
  for (let i = 0; i < count; i++) lines.push(`  cl->Close(); // barrierlint-disable-line unused-suppression-${i % 2 === 0 ? 'a' : 'b'}`);
  lines.push('}', '');
  return lines.join('\n');
}

/**
 * A file with one obvious single-barrier error: SyncBefore NONE with AccessBefore COMMON
 * (rule `sync-none-access-mismatch`, INCOMPATIBLE_BARRIER_VALUES #1331), at line 5.
 */
export const SYNC_NONE_CPP = `#include <d3d12.h>
#include "d3dx12.h"
void Transition(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
  D3D12_TEXTURE_BARRIER barrier =
    CD3DX12_TEXTURE_BARRIER(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_ALL,
      D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
      D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,
      tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
  D3D12_BARRIER_GROUP group = CD3DX12_BARRIER_GROUP(1, &barrier);
  cl->Barrier(1, &group);
}
`;
