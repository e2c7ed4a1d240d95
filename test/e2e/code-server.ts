// A real VS Code for end-to-end tests: code-server 4.100.3 (VS Code 1.100) installed by install-code-server.sh,
// the extension installed from the .vsix, the server started on a loopback port, and headless Chromium driven by
// playwright-core. Everything lives in temporary folders except the code-server installation, which is cached.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..', '..');
export const CODE_SERVER_DIR = process.env.BARRIERLINT_CODE_SERVER_DIR ?? join(ROOT, '.vscode-test', 'code-server');
export const CHROMIUM = process.env.BARRIERLINT_CHROMIUM ?? '/usr/bin/chromium';
const ENTRY = join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

/** Installs code-server into CODE_SERVER_DIR unless it is there (2–3 minutes the first time). */
export function ensureCodeServer(): void {
  if (existsSync(ENTRY) && existsSync(CHROMIUM)) return;
  const script = join(ROOT, 'test', 'e2e', 'install-code-server.sh');
  const run = spawnSync('bash', [script, CODE_SERVER_DIR], { stdio: 'inherit', timeout: 15 * 60_000 });
  if (run.status !== 0) throw new Error(`install-code-server.sh failed with status ${run.status}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`code-server did not answer ${url} within ${timeoutMs} ms`);
}

export interface RunningCodeServer {
  url: string;
  log: () => string;
  stop(): Promise<void>;
}

export interface CodeServerOptions {
  vsix: string;
  folder: string;
  userSettings: Record<string, unknown>;
}

/** Installs the .vsix into a fresh extensions folder and starts code-server on a free loopback port. */
export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  const state = mkdtempSync(join(tmpdir(), 'barrierlint-code-server-'));
  const userData = join(state, 'user-data');
  const extensions = join(state, 'extensions');
  mkdirSync(join(userData, 'User'), { recursive: true });
  writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify(options.userSettings, null, 2));
  const install = spawnSync(process.execPath, [ENTRY, '--extensions-dir', extensions, '--user-data-dir', userData,
    '--install-extension', options.vsix], { encoding: 'utf8', timeout: 120_000 });
  if (install.status !== 0) throw new Error(`--install-extension failed: ${install.stdout}${install.stderr}`);
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [ENTRY, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--user-data-dir', userData,
    '--extensions-dir', extensions, options.folder], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`, 60_000, child);
  return {
    url,
    log: () => output,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
