// The npm package: what `npm pack` puts in the tarball is enough to run (the bin target, every module it
// requires, the LICENSE), and the recipes the README gives (GitHub Action, pre-commit hook) name files that exist.
// The full round trip (fresh clone → npm ci → npm pack → npm install --global → run) is scripts/check-package.js,
// run by .ci/run: it needs the registry, so it is not part of npm test.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string; version: string; private?: boolean; bin: Record<string, string>; files: string[];
  dependencies: Record<string, string>; scripts: Record<string, string>;
};
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

function packedFiles(): string[] {
  const npm = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  assert.equal(npm.status, 0, npm.stderr);
  const [pack] = JSON.parse(npm.stdout) as { files: { path: string }[] }[];
  return pack.files.map((f) => f.path);
}

void describe('npm package', () => {
  void it('can be published and builds itself when packed or installed from git (prepare)', () => {
    assert.notEqual(PKG.private, true);
    assert.match(PKG.scripts.prepare, /npm run build/);
  });

  void it('the tarball holds the bin target, every module the shipped code requires, and the MIT LICENSE', () => {
    const files = new Set(packedFiles());
    for (const bin of Object.values(PKG.bin)) assert.ok(files.has(bin), `bin ${bin} is packed`);
    assert.match(fs.readFileSync(path.join(ROOT, Object.values(PKG.bin)[0]), 'utf8'), /^#!\/usr\/bin\/env node\n/);
    assert.ok(files.has('LICENSE'));
    assert.match(fs.readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'), /^MIT License/);
    assert.deepEqual([...files].filter((f) => f.startsWith('out/test/') || f.endsWith('.map')), []);
    const external = new Set([...builtinModules, ...Object.keys(PKG.dependencies)]);
    for (const file of [...files].filter((f) => f.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, spec] of code.matchAll(/require\("([^"]+)"\)/g)) {
        if (spec.startsWith('.')) {
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
          assert.ok(files.has(`${target}.js`) || files.has(target) || files.has(`${target}/index.js`), `${file} requires ${spec}: not packed`);
        } else {
          const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
          assert.ok(external.has(name.replace(/^node:/, '')), `${file} requires ${spec}: not a dependency`);
        }
      }
    }
  });

  void it('the pre-commit hook and the GitHub Action the README shows are shipped in the repository', () => {
    const hooks = fs.readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8');
    assert.match(hooks, /^- id: barrierlint$/m);
    assert.match(hooks, /^ {2}entry: barrierlint /m);
    assert.match(hooks, /^ {2}language: node$/m);
    assert.match(README, /repo: https:\/\/github\.com\/barrierlint\/barrierlint\n\s+rev: v\d+\.\d+\.\d+\n\s+hooks:\n\s+- id: barrierlint\n/);
    const action = fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
    assert.match(action, /^ {2}using: composite$/m);
    const inputs = new Set([...(/^inputs:\n((?: {2}.*\n)+)/m.exec(action)?.[1] ?? '').matchAll(/^ {2}([\w-]+):$/gm)].map((m) => m[1]));
    const uses = /uses: barrierlint\/barrierlint@v\d+\.\d+\.\d+\n\s+with:\n((?:\s+[\w-]+: .*\n)+)/.exec(README);
    assert.ok(uses, 'README shows the action with inputs');
    for (const [, input] of uses[1].matchAll(/^\s+([\w-]+):/gm)) assert.ok(inputs.has(input), `action input ${input}`);
  });
});
