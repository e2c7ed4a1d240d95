#!/usr/bin/env node
// The npm package as users install it, through the recipes the README gives: clone this repository's HEAD into a
// temporary directory and run the composite action's own steps (action.yml) as written: its install step (`npm ci`,
// whose `prepare` script builds out/, `npm pack`, `npm install --global` of the tarball, here into a temporary
// prefix), then its lint step with inputs. Then the installed `barrierlint`: --version, a lint run with a known
// error, --stdio answering `initialize` with the package version, and the pre-commit hook's `entry`
// (.pre-commit-hooks.yaml) on a staged-file list as pre-commit passes it. Run by .ci/run; needs the registry (or a
// warm npm cache). Removes what it creates.
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
    // Messages are read one by one (Content-Length framing): notifications may come before the response.
    let bytes = Buffer.alloc(0);
    child.stdout.on('data', (chunk) => {
      bytes = Buffer.concat([bytes, chunk]);
      for (;;) {
        const header = bytes.indexOf('\r\n\r\n');
        if (header < 0) return;
        const length = Number(/Content-Length: (\d+)/.exec(bytes.subarray(0, header).toString('utf8'))?.[1]);
        if (bytes.length < header + 4 + length) return;
        const message = JSON.parse(bytes.subarray(header + 4, header + 4 + length).toString('utf8'));
        bytes = bytes.subarray(header + 4 + length);
        if (message.method === 'window/logMessage' && message.params.type === 1) {
          clearTimeout(timer);
          child.kill();
          reject(new Error(`the language server logged an error: ${message.params.message.split('\n')[0]}`));
          return;
        }
        if (message.id !== 1) continue;
        clearTimeout(timer);
        child.kill();
        resolve(message.result.serverInfo);
        return;
      }
    });
    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`);
  });
}

/** The steps of the composite action (action.yml): name, `env` (input names by variable) and the `run` script. */
function actionSteps(actionYml) {
  const steps = [];
  let step;
  let block;
  for (const line of actionYml.split('\n')) {
    const name = /^ {4}- name: (.*)$/.exec(line);
    if (name) {
      step = { name: name[1], env: {}, run: '' };
      steps.push(step);
      block = undefined;
      continue;
    }
    if (!step) continue;
    if (/^ {6}env:$/.test(line)) block = 'env';
    else if (/^ {6}run: \|$/.test(line)) block = 'run';
    else if (/^ {6}\S/.test(line)) block = undefined;
    else if (block === 'env') {
      const m = /^ {8}(\w+): \$\{\{ inputs\.([\w-]+) \}\}$/.exec(line);
      if (m) step.env[m[1]] = m[2];
    } else if (block === 'run' && (line.startsWith('        ') || line === '')) step.run += `${line.slice(8)}\n`;
  }
  return steps;
}

/** Runs one action step's script as a runner does for `shell: bash` (inputs mapped through the step's `env`). */
function runStep(step, inputs, env, cwd) {
  const vars = { ...process.env, ...env };
  for (const [variable, input] of Object.entries(step.env)) vars[variable] = inputs[input] ?? '';
  const script = path.join(tmp, `step-${step.name.replace(/\W+/g, '-')}.sh`);
  fs.writeFileSync(script, step.run);
  return spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env: vars, encoding: 'utf8' });
}

async function main() {
  const clone = path.join(tmp, 'clone');
  run('git', ['clone', '--quiet', '--no-hardlinks', root, clone], tmp);
  const prefix = path.join(tmp, 'prefix');
  const steps = actionSteps(fs.readFileSync(path.join(clone, 'action.yml'), 'utf8'));
  const install = steps.find((s) => /install/i.test(s.name));
  const lintStep = steps.find((s) => s.name === 'Lint');
  check(install && lintStep, 'action.yml has an install step and a Lint step');
  // The action's install step as written; `npm install --global` goes to the temporary prefix (npm_config_prefix).
  const installed = runStep(install, {}, { GITHUB_ACTION_PATH: clone, npm_config_prefix: prefix }, tmp);
  if (installed.status !== 0) throw new Error(`action install step exited ${installed.status}:\n${installed.stdout}\n${installed.stderr}`);
  const bin = path.join(prefix, 'bin', 'barrierlint');
  check(fs.existsSync(bin), 'the action\'s install step installs the packed package (npm ci, npm pack, npm install --global)');
  check(run(bin, ['--version'], tmp).trim() === version, `barrierlint --version prints ${version}`);
  const source = path.join(tmp, 'frame.cpp');
  fs.writeFileSync(source, '#include <d3d12.h>\nvoid F(ID3D12GraphicsCommandList7* cl) {\n  D3D12_GLOBAL_BARRIER g = {};\n'
    + '  g.SyncBefore = D3D12_BARRIER_SYNC_NONE; g.AccessBefore = D3D12_BARRIER_ACCESS_COMMON;\n'
    + '  D3D12_BARRIER_GROUP group = { D3D12_BARRIER_TYPE_GLOBAL, 1, &g };\n  cl->Barrier(1, &group);\n}\n');
  const lint = spawnSync(bin, ['frame.cpp'], { cwd: tmp, encoding: 'utf8' });
  check(lint.status === 1 && /INCOMPATIBLE_BARRIER_VALUES/.test(lint.stdout), 'the installed CLI reports a known error (exit 1)');
  const info = await initialize(bin);
  check(info.name === 'barrierlint' && info.version === version, `--stdio answers initialize with serverInfo ${version}`);

  // The action's lint step as written, with the README's inputs shape.
  const outputs = path.join(tmp, 'github-output');
  fs.writeFileSync(outputs, '');
  const pathEnv = `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH}`;
  const linted = runStep(lintStep, { paths: 'frame.cpp', format: 'sarif', output: 'barrierlint.sarif', args: '--quiet' },
    { GITHUB_OUTPUT: outputs, PATH: pathEnv }, tmp);
  const sarif = JSON.parse(fs.readFileSync(path.join(tmp, 'barrierlint.sarif'), 'utf8'));
  check(linted.status === 1 && /^exit-code=1$/m.test(fs.readFileSync(outputs, 'utf8')) && sarif.runs[0].results.length > 0,
    'the action\'s Lint step writes SARIF with the finding, sets exit-code=1 and fails the step');

  // The pre-commit hook: pre-commit runs `entry` followed by the staged files that match `files`.
  const hooks = fs.readFileSync(path.join(clone, '.pre-commit-hooks.yaml'), 'utf8');
  const entry = /^ {2}entry: (.*)$/m.exec(hooks)[1];
  const files = new RegExp(/^ {2}files: (.*)$/m.exec(hooks)[1]);
  fs.writeFileSync(path.join(tmp, 'clean.cpp'), 'void F() {}\n');
  fs.writeFileSync(path.join(tmp, '--baseline=zz.cpp'), fs.readFileSync(source));
  const hook = (names) => spawnSync('sh', ['-c', `${entry} "$@"`, 'hook', ...names.filter((n) => files.test(n))],
    { cwd: tmp, env: { ...process.env, PATH: pathEnv }, encoding: 'utf8' });
  check(hook(['clean.cpp', 'notes.txt']).status === 0, 'the pre-commit hook passes a clean staged file');
  const blocked = hook(['clean.cpp', '--baseline=zz.cpp']);
  check(blocked.status === 1 && /--baseline=zz\.cpp:\d+:\d+: error: .*INCOMPATIBLE_BARRIER_VALUES/.test(blocked.stdout),
    'the pre-commit hook blocks a staged file with an error, even one named like an option');
}

main().then(() => fs.rmSync(tmp, { recursive: true, force: true }), (error) => {
  fs.rmSync(tmp, { recursive: true, force: true });
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
