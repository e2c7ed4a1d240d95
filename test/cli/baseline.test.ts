// Baseline round trips: record on day one, report only new findings later, survive line moves, count entries
// that no longer occur, prune them, and leave entries of files a run did not lint alone.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { Baseline } from '../../server/src/report/baseline';
import { runCli, staleSuppressionCpp, tempTree } from './helpers';

const CONFIG = '{ "rules": { "unused-suppression": "error" } }';

function readEntries(file: string): Baseline['entries'] {
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as Baseline).entries;
}

void describe('--baseline', () => {
  void it('records, filters, survives line moves, reports new findings, counts and prunes stale entries', () => {
    const root = tempTree({ 'barrierlint.json': CONFIG, 'src/a.cpp': staleSuppressionCpp('a', 2), 'src/b.cpp': staleSuppressionCpp('b') });
    const baseline = path.join(root, 'ci', 'barrierlint-baseline.json');
    const created = runCli(['--baseline', 'ci/barrierlint-baseline.json', '--baseline-create', 'src'], root);
    assert.equal(created.code, 0, created.stderr);
    assert.equal(created.stdout, '');
    assert.match(created.stderr, /baseline: recorded 3 findings in ci\/barrierlint-baseline\.json \(.*ci\/barrierlint-baseline\.json\)/);
    const entries = readEntries(baseline);
    assert.deepEqual(entries.map((e) => [e.path, e.rule, e.count]), [
      ['../src/a.cpp', 'unused-suppression', 1], ['../src/a.cpp', 'unused-suppression', 1], ['../src/b.cpp', 'unused-suppression', 1],
    ].sort());
    assert.ok(entries.every((e) => /^[0-9a-f]{32}$/.test(e.fingerprint)));

    const again = runCli(['--baseline', 'ci/barrierlint-baseline.json', 'src'], root);
    assert.equal(again.code, 0);
    assert.equal(again.stdout, '');
    assert.equal(again.stderr, '');

    // Unrelated edits move every line: nothing new.
    fs.writeFileSync(path.join(root, 'src/a.cpp'), `// new header\n\n\n${staleSuppressionCpp('a', 2)}`);
    assert.equal(runCli(['--baseline', 'ci/barrierlint-baseline.json', 'src'], root).code, 0);

    // A new finding is reported (and only it).
    fs.appendFileSync(path.join(root, 'src/b.cpp'), 'int y; // barrierlint-disable-line brand-new\n');
    const added = runCli(['--baseline', 'ci/barrierlint-baseline.json', 'src'], root);
    assert.equal(added.code, 1);
    assert.deepEqual(added.stdout.trim().split('\n').map((l) => l.split(': error:')[0]), ['src/b.cpp:5:36']);

    // A fixed finding leaves a stale entry: counted, then pruned.
    fs.writeFileSync(path.join(root, 'src/a.cpp'), staleSuppressionCpp('a', 1));
    const stale = runCli(['--baseline', 'ci/barrierlint-baseline.json', 'src/a.cpp'], root);
    assert.equal(stale.code, 0);
    assert.match(stale.stderr, /baseline: 1 known, 1 entry no longer occurs \(run with --baseline-prune to remove it\)/);
    const pruned = runCli(['--baseline', 'ci/barrierlint-baseline.json', '--baseline-prune', 'src/a.cpp'], root);
    assert.equal(pruned.code, 0);
    assert.match(pruned.stderr, /removed 1 entry that no longer occur/);
    // b.cpp was not linted by that run: its entry stays.
    assert.deepEqual(readEntries(baseline).map((e) => e.path), ['../src/a.cpp', '../src/b.cpp']);
    assert.equal(runCli(['--baseline', 'ci/barrierlint-baseline.json', 'src/a.cpp'], root).stderr, '');
  });

  void it('works the same from another directory (paths are relative to the baseline file)', () => {
    const root = tempTree({ 'barrierlint.json': CONFIG, 'src/a.cpp': staleSuppressionCpp('a') });
    assert.equal(runCli(['--baseline', 'baseline.json', '--baseline-create', 'src'], root).code, 0);
    const fromSrc = runCli(['--baseline', '../baseline.json', '.'], path.join(root, 'src'));
    assert.equal(fromSrc.code, 0, fromSrc.stdout);
  });

  void it('a file that is not a baseline exits 2', () => {
    const root = tempTree({ 'a.cpp': staleSuppressionCpp('a'), 'baseline.json': '{ "entries": 3 }', 'junk.json': 'nope' });
    const wrong = runCli(['--baseline', 'baseline.json', 'a.cpp'], root);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /baseline\.json: not a barrierlint baseline/);
    assert.match(runCli(['--baseline', 'junk.json', 'a.cpp'], root).stderr, /junk\.json: not a barrierlint baseline \(invalid JSON\)/);
  });
});
