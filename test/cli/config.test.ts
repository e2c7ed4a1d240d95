// Configuration files: nearest wins, extends chains, levels by rule id, ignore globs, and clear errors (exit 2)
// naming the file, the key and what is allowed.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CLEAN_CPP, runCli, staleSuppressionCpp, tempTree } from './helpers';

function printConfig(root: string, file: string, extra: string[] = []): Record<string, unknown> {
  const run = runCli(['--print-config', file, ...extra], root);
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

void describe('configuration files', () => {
  void it('the nearest config above each file wins, extends chains and CLI overrides come last', () => {
    const root = tempTree({
      'barrierlint.jsonc': `{
        // the engine-wide defaults
        "platform": "xbox-series",
        "rules": { "unused-suppression": "error" },
        "commandLists": { "m_computeList": "compute" },
      }`,
      'engine/barrierlint.json': '{ "extends": "../barrierlint.jsonc", "legacyBarrierTranslation": false }',
      'tools/barrierlint.json': '{ "platform": "pc" }',
      'engine/a.cpp': CLEAN_CPP,
      'tools/b.cpp': CLEAN_CPP,
    });
    const engine = printConfig(root, 'engine/a.cpp');
    assert.equal(engine.platform, 'xbox-series');
    assert.equal(engine.legacyBarrierTranslation, false);
    assert.deepEqual(engine.rules, { 'unused-suppression': 'error' });
    assert.deepEqual(engine.commandLists, { m_computeList: 'compute' });
    const tools = printConfig(root, 'tools/b.cpp');
    assert.equal(tools.platform, 'pc');
    assert.deepEqual(tools.rules, {});
    const overridden = printConfig(root, 'engine/a.cpp', ['--platform', 'xbox-one', '--rule', 'unused-suppression=off']);
    assert.equal(overridden.platform, 'xbox-one');
    assert.deepEqual(overridden.rules, { 'unused-suppression': 'off' });
    const explicit = printConfig(root, 'engine/a.cpp', ['--config', 'tools/barrierlint.json']);
    assert.equal(explicit.platform, 'pc');
  });

  void it('rule levels from the config apply to the findings and the exit code', () => {
    const root = tempTree({ 'barrierlint.json': '{ "rules": { "unused-suppression": "error" } }', 'a.cpp': staleSuppressionCpp('a') });
    const run = runCli(['a.cpp'], root);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /a\.cpp:3:\d+: error: /);
    const off = runCli(['--rule', 'unused-suppression=off', 'a.cpp'], root);
    assert.equal(off.code, 0);
    assert.equal(off.stdout, '');
  });

  void it('ignore globs (relative to the declaring file) skip walked and explicit files', () => {
    const root = tempTree({
      'barrierlint.json': '{ "ignore": ["third_party/**", "*.gen.cpp"] }',
      'src/a.cpp': staleSuppressionCpp('a'),
      'src/b.gen.cpp': staleSuppressionCpp('b'),
      'third_party/lib/c.cpp': staleSuppressionCpp('c'),
    });
    const run = runCli(['--format', 'json', '.'], root);
    const paths = (JSON.parse(run.stdout) as { files: { path: string }[] }).files.map((f) => f.path);
    assert.deepEqual(paths, ['src/a.cpp']);
    const explicit = runCli(['--format', 'json', 'third_party/lib/c.cpp'], root);
    assert.deepEqual((JSON.parse(explicit.stdout) as { files: unknown[] }).files, []);
  });

  const invalid: [string, string, RegExp][] = [
    ['unknown key', '{ "platfrom": "pc" }', /barrierlint\.json: unknown key 'platfrom' \(allowed keys: \$schema, extends, platform, rules/],
    ['bad platform', '{ "platform": "xbox" }', /barrierlint\.json: platform: "xbox" is not allowed \(allowed: pc, xbox-series, xbox-one\)/],
    ['bad level', '{ "rules": { "unused-suppression": "fatal" } }', /rules\.unused-suppression: "fatal" is not allowed \(allowed: off, info, warning, error\)/],
    ['unknown rule', '{ "rules": { "unused-supression": "off" } }', /rules\.unused-supression: unknown rule 'unused-supression'.*did you mean 'unused-suppression'/],
    ['wrong type', '{ "legacyBarrierTranslation": "no" }', /legacyBarrierTranslation: must be a boolean, not "no"/],
    ['bad command list', '{ "commandLists": { "cl": "graphics" } }', /commandLists\.cl: "graphics" is not allowed \(allowed: direct, bundle, compute, copy/],
    ['ignore not a list', '{ "ignore": "third_party" }', /ignore: must be an array/],
    ['syntax error', '{ "platform": "pc" "rules": {} }', /barrierlint\.json:1:20: invalid JSONC: CommaExpected/],
    ['empty file', '', /barrierlint\.json: the file is empty/],
    ['missing base', '{ "extends": "./base.json" }', /base\.json: cannot read configuration \(extended by .*barrierlint\.json\): ENOENT/],
  ];
  for (const [name, text, message] of invalid) {
    void it(`invalid configuration exits 2: ${name}`, () => {
      const root = tempTree({ 'barrierlint.json': text, 'a.cpp': CLEAN_CPP });
      const run = runCli(['a.cpp'], root);
      assert.equal(run.code, 2, run.stdout);
      assert.match(run.stderr, message);
      assert.ok(run.stderr.includes(path.join(root, message.source.includes('base') ? 'base.json' : 'barrierlint.json')));
    });
  }

  void it('an extends cycle is an error naming the cycle', () => {
    const root = tempTree({
      'barrierlint.json': '{ "extends": "./a.json" }',
      'a.json': '{ "extends": "./barrierlint.json" }',
      'x.cpp': CLEAN_CPP,
    });
    const run = runCli(['x.cpp'], root);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /extends: cycle .*barrierlint\.json -> .*a\.json -> .*barrierlint\.json/);
  });

  void it('a missing --config file exits 2', () => {
    const root = tempTree({ 'a.cpp': CLEAN_CPP });
    const run = runCli(['--config', 'nope.jsonc', 'a.cpp'], root);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /nope\.jsonc: cannot read configuration: ENOENT/);
  });
});
