// Command-line options and their error paths: every bad usage exits 2 with a message naming the option.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CLEAN_CPP, runCli, staleSuppressionCpp, tempTree } from './helpers';

void describe('barrierlint options', () => {
  const root = tempTree({ 'src/clean.cpp': CLEAN_CPP, 'src/stale.cpp': staleSuppressionCpp('stale') });

  void it('--help and --version exit 0', () => {
    const help = runCli(['--help'], root);
    assert.equal(help.code, 0);
    for (const option of ['--format', '--platform', '--config', '--rule', '--max-warnings', '--quiet', '--jobs',
      '--shard', '--baseline', '--baseline-prune', '--cache', '--no-color', '--print-config', '--stdio']) {
      assert.ok(help.stdout.includes(option), `help mentions ${option}`);
    }
    const version = runCli(['--version'], root);
    assert.equal(version.code, 0);
    assert.match(version.stdout, /^\d+\.\d+\.\d+/);
  });

  void it('a clean file exits 0 with no output', () => {
    const run = runCli(['src/clean.cpp'], root);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
  });

  void it('warnings alone exit 0; --max-warnings exceeded exits 1', () => {
    assert.equal(runCli(['src'], root).code, 0);
    assert.equal(runCli(['--max-warnings', '1', 'src'], root).code, 0);
    const over = runCli(['--max-warnings', '0', 'src'], root);
    assert.equal(over.code, 1);
    assert.match(over.stderr, /too many warnings \(1; --max-warnings 0\)/);
  });

  void it('--quiet reports errors only', () => {
    const run = runCli(['--quiet', 'src'], root);
    assert.equal(run.code, 0);
    assert.equal(run.stdout, '');
  });

  void it('--rule sets levels by rule id; error findings exit 1', () => {
    const run = runCli(['--rule', 'unused-suppression=error', 'src/stale.cpp'], root);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^src\/stale\.cpp:3:\d+: error: Unknown rule 'unused-suppression-a'/);
    assert.equal(runCli(['--rule', 'unused-suppression=off', 'src/stale.cpp'], root).stdout, '');
  });

  const usageErrors: [string, string[], RegExp][] = [
    ['unknown format', ['--format', 'xml'], /--format.*Allowed choices are text, json, sarif, facts/],
    ['unknown platform', ['--platform', 'xbox'], /--platform.*Allowed choices are pc, xbox-series, xbox-one/],
    ['--jobs 0', ['--jobs', '0'], /--jobs must be a positive integer/],
    ['--jobs text', ['--jobs', 'many'], /--jobs must be a positive integer/],
    ['negative --max-warnings', ['--max-warnings', '-1'], /--max-warnings/],
    ['--shard out of range', ['--shard', '3/2'], /--shard.*1 <= I <= N/],
    ['--shard malformed', ['--shard', '1'], /--shard.*I\/N/],
    ['--rule without level', ['--rule', 'unused-suppression'], /expected ID=off\|info\|warning\|error/],
    ['--rule bad level', ['--rule', 'unused-suppression=loud'], /level 'loud' is not one of off, info, warning, error/],
    ['--rule unknown id', ['--rule', 'unused-supression=off'], /unknown rule 'unused-supression'.*did you mean 'unused-suppression'/],
    ['--baseline-prune alone', ['--baseline-prune'], /--baseline-prune needs --baseline/],
    ['unknown option', ['--frobnicate'], /unknown option '--frobnicate'/],
  ];
  for (const [name, args, message] of usageErrors) {
    void it(`bad usage exits 2: ${name}`, () => {
      const run = runCli([...args, 'src'], root);
      assert.equal(run.code, 2, run.stdout);
      assert.match(run.stderr, message);
    });
  }

  void it('a missing path exits 2 but still reports the other paths', () => {
    const run = runCli(['--rule', 'unused-suppression=error', 'src/stale.cpp', 'src/nope.cpp'], root);
    assert.equal(run.code, 2);
    assert.match(run.stdout, /src\/stale\.cpp:3/);
    assert.match(run.stderr, /src\/nope\.cpp: no such file or directory/);
    assert.match(run.stderr, /the run is incomplete/);
  });

  void it('--no-color and NO_COLOR keep escape codes out of the text output', () => {
    const run = runCli(['--no-color', 'src'], root);
    assert.ok(!run.stdout.includes('\u001b['));
  });

  void it('--print-config prints the effective configuration and exits 0', () => {
    fs.writeFileSync(path.join(root, 'barrierlint.jsonc'), '{ "platform": "xbox-series" }');
    try {
      const run = runCli(['--print-config', 'src/clean.cpp', '--rule', 'unused-suppression=error'], root);
      assert.equal(run.code, 0, run.stderr);
      const config = JSON.parse(run.stdout) as Record<string, unknown>;
      assert.equal(config.platform, 'xbox-series');
      assert.deepEqual(config.rules, { 'unused-suppression': 'error' });
      assert.equal(config.legacyBarrierTranslation, true);
    } finally {
      fs.rmSync(path.join(root, 'barrierlint.jsonc'));
    }
  });
});
