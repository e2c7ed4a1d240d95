// The bundled command line (out/bin/barrierlint.js, package.json's "bin", built by scripts/bundle-cli.js) answers
// exactly as the tsc output the other CLI tests run: same report in process and on workers, and its result cache
// keys on the bundle.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CLI, tempTree } from './helpers';

const BUNDLE = path.resolve(__dirname, '..', '..', 'bin', 'barrierlint.js');
const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'rules');

function run(cli: string, args: string[]): { code: number | null; stdout: string } {
  const child = spawnSync(process.execPath, [cli, '--format', 'json', ...args, FIXTURES], { encoding: 'utf8', timeout: 120_000, maxBuffer: 1 << 28 });
  return { code: child.status, stdout: child.stdout };
}

void describe('bundled CLI', () => {
  void it('is what package.json installs', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { bin: Record<string, string> };
    assert.equal(pkg.bin.barrierlint, 'out/bin/barrierlint.js');
    assert.ok(fs.existsSync(BUNDLE), 'npm run build bundles the CLI');
  });

  void it('reports what the unbundled CLI reports, with --jobs 1, --jobs 2 and a warm cache', () => {
    const expected = run(CLI, ['--jobs', '1']);
    assert.equal(expected.code, 1);
    assert.deepEqual(run(BUNDLE, ['--jobs', '1']), expected);
    assert.deepEqual(run(BUNDLE, ['--jobs', '2']), expected);
    const cache = tempTree({});
    assert.deepEqual(run(BUNDLE, ['--cache', '--cache-location', cache]), expected);
    assert.ok(fs.readdirSync(cache).length > 0, 'the bundle writes its cache');
    assert.deepEqual(run(BUNDLE, ['--cache', '--cache-location', cache]), expected);
  });
});
