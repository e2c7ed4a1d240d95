#!/usr/bin/env node
// The npm package as users install it: clone this repository's HEAD into a temporary directory, `npm ci` there
// (its `prepare` script builds out/), `npm pack`, `npm install --global` the tarball into a temporary prefix, then
// run the installed `barrierlint`: --version, a lint run with a known error, and --stdio answering `initialize`
// with the package version. Run by .ci/run; needs the registry (or a warm npm cache). Removes what it creates.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..');
const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'barrierlint-package-'));

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function check(condition, what) {
  if (!condition) throw new Error(`check-package: ${what}`);
  console.log(`ok - ${what}`);
}

/** Sends `initialize` over stdio and resolves with the response's serverInfo. */
function initialize(bin) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const timer = setTimeout(() => { child.kill(); reject(new Error('no initialize response within 60 s')); }, 60_000);
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const body = /\r\n\r\n([\s\S]*)$/.exec(buffer)?.[1];
      const length = Number(/Content-Length: (\d+)/.exec(buffer)?.[1]);
      if (body === undefined || Buffer.byteLength(body) < length) return;
      clearTimeout(timer);
      child.kill();
      resolve(JSON.parse(body).result.serverInfo);
    });
    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`);
  });
}

async function main() {
  const clone = path.join(tmp, 'clone');
  run('git', ['clone', '--quiet', '--no-hardlinks', root, clone], tmp);
  run('npm', ['ci', '--no-audit', '--no-fund'], clone);
  const tarball = run('npm', ['pack', '--silent', '--pack-destination', tmp], clone).trim().split('\n').pop();
  const prefix = path.join(tmp, 'prefix');
  run('npm', ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', path.join(tmp, tarball)], tmp);
  const bin = path.join(prefix, 'bin', 'barrierlint');
  check(run(bin, ['--version'], tmp).trim() === version, `barrierlint --version prints ${version}`);
  const source = path.join(tmp, 'frame.cpp');
  fs.writeFileSync(source, '#include <d3d12.h>\nvoid F(ID3D12GraphicsCommandList7* cl) {\n  D3D12_GLOBAL_BARRIER g = {};\n'
    + '  g.SyncBefore = D3D12_BARRIER_SYNC_NONE; g.AccessBefore = D3D12_BARRIER_ACCESS_COMMON;\n'
    + '  D3D12_BARRIER_GROUP group = { D3D12_BARRIER_TYPE_GLOBAL, 1, &g };\n  cl->Barrier(1, &group);\n}\n');
  const lint = spawnSync(bin, ['frame.cpp'], { cwd: tmp, encoding: 'utf8' });
  check(lint.status === 1 && /INCOMPATIBLE_BARRIER_VALUES/.test(lint.stdout), 'the installed CLI reports a known error (exit 1)');
  const info = await initialize(bin);
  check(info.name === 'barrierlint' && info.version === version, `--stdio answers initialize with serverInfo ${version}`);
}

main().then(() => fs.rmSync(tmp, { recursive: true, force: true }), (error) => {
  fs.rmSync(tmp, { recursive: true, force: true });
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
