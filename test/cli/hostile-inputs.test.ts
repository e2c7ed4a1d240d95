// The CLI under hostile inputs (issue: reliability under hostile input): a stalled or dying worker fails its
// file and never hangs the run; option-like file names after `--` are paths; a run that linted less than it was
// asked to never exits 0; baselines are created only on request and written atomically; the result cache
// verifies what it reads; hostile config and ignore files are refused without blocking or echoing contents.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CLEAN_CPP, CLI, SYNC_NONE_CPP, runCli, staleSuppressionCpp, tempTree } from './helpers';
import { barrierHeavyFile } from '../bench/barrier-file';
import { FRAME_CALLER, TRANSITION_HELPER } from '../harness/cross-file-pair';

const README = path.resolve(__dirname, '..', '..', '..', 'README.md');

/** Runs the CLI with a hard wall-clock limit; `code` is null when it had to be killed. */
function runBounded(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, timeout = 45_000) {
  const started = Date.now();
  const child = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '', ...env }, timeout });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr, ms: Date.now() - started };
}

function manyFiles(count: number, extra: Record<string, string>): string {
  const files: Record<string, string> = { ...extra };
  for (let i = 0; i < count; i++) files[`src/f${i}.cpp`] = i === 0 ? SYNC_NONE_CPP : CLEAN_CPP;
  return tempTree(files);
}

void describe('hostile inputs: workers', () => {
  void it('a stalled worker fails its file after --file-timeout; the run finishes and exits 2', () => {
    const root = manyFiles(6, { 'src/stall.cpp': `// barrierlint-test-fault\n${CLEAN_CPP}` });
    // NOTE: the limit counts from the task's hand-over, worker start-up included: 2 s was too short at a load of 30.
    const run = runBounded(['--jobs', '2', '--file-timeout', '8', 'src'], root, { BARRIERLINT_TEST_WORKER_FAULT: 'stall' });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /src\/stall\.cpp: internal error during analysis: analysis timed out after 8 s/);
    assert.match(run.stdout, /src\/f0\.cpp:6:7: error:/);
  });

  void it('a worker that exits fails its file only', () => {
    const root = manyFiles(6, { 'src/dies.cpp': `// barrierlint-test-fault\n${CLEAN_CPP}` });
    const run = runBounded(['--jobs', '2', 'src'], root, { BARRIERLINT_TEST_WORKER_FAULT: 'exit' });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /src\/dies\.cpp: internal error during analysis: worker exited with code 3/);
    assert.match(run.stdout, /src\/f0\.cpp:6:7: error:/);
  });

  void it('in process (--jobs 1) a file over --file-timeout fails alone; the run finishes and exits 2', () => {
    // NOTE: 60,000 lines (3.2 MB, under the 4 MB file cap): 20,000 were analysed within the 1 s limit on a quiet
    // machine, and the test then failed.
    const root = manyFiles(3, { 'src/slow.cpp': barrierHeavyFile(20_000).repeat(3) });
    const run = runBounded(['--jobs', '1', '--file-timeout', '1', 'src'], root);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /src\/slow\.cpp: internal error during analysis: analysis timed out after 1 s/);
    assert.match(run.stdout, /src\/f0\.cpp:6:7: error:/);
  });

  void it('a 2,000-branch else-if chain on worker threads never leaves the run waiting', () => {
    const lines = ['void F(ID3D12GraphicsCommandList7* cl, int x) {', '  if (x == 0) { cl->Close(); }'];
    for (let i = 1; i < 2000; i++) lines.push(`  else if (x == ${i}) { cl->Close(); }`);
    lines.push('}', '');
    const root = manyFiles(4, { 'src/chain.cpp': lines.join('\n') });
    const run = runBounded(['--jobs', '2', 'src'], root);
    assert.notEqual(run.code, null, `killed after ${run.ms} ms: the run hung`);
    assert.match(run.stdout, /src\/f0\.cpp:6:7: error:/);
  });

  void it('a 3,000-deep chain of helpers handing the list on, split over two files, is linted without a stack overflow', () => {
    // NOTE: found on a compiler's sources in one run: the decision whether a helper can change anything followed the
    // calls recursively across the run's files and overflowed the stack, so the whole run ended without a report.
    const chain = (from: number, to: number, last: string) => {
      const out = ['#include <d3d12.h>'];
      for (let i = from; i < to; i++) out.push(`void Pass${i}(ID3D12GraphicsCommandList* list) { ${i + 1 < to ? `Pass${i + 1}(list);` : last} }`);
      return out.join('\n') + '\n';
    };
    const root = manyFiles(2, { 'src/deep-a.cpp': chain(0, 1500, 'Pass1500(list);'), 'src/deep-b.cpp': chain(1500, 3000, 'RecordElsewhere(list);') });
    const run = runBounded(['--jobs', '1', 'src'], root);
    assert.equal(run.code, 1, run.stderr);
    assert.doesNotMatch(run.stderr, /internal error|call stack/);
    assert.match(run.stdout, /src\/f0\.cpp:6:7: error:/);
  });
});

void describe('hostile inputs: the cross-file pass', () => {
  // A helper, two files calling it (one named to be faulted), a header with an enumerator (so the import pass looks at
  // every file) and a file with its own error.
  const tree = () => tempTree({
    'src/barriers.cpp': TRANSITION_HELPER, 'src/frame.cpp': FRAME_CALLER, 'src/kinds.h': 'enum Kind { kKindA = 0, kKindB = 1 };\n',
    'src/barrierlint-test-fault.cpp': FRAME_CALLER.replace(/Frame/g, 'Other'), 'src/f0.cpp': SYNC_NONE_CPP,
  });
  type Json = { files: { path: string; diagnostics: { rule: string; line: number }[] }[] };
  const rules = (stdout: string, name: string) => (JSON.parse(stdout) as Json).files.find((f) => f.path === `src/${name}`)?.diagnostics.map((d) => `${d.rule}:${d.line}`);

  for (const step of ['imports', 'helpers']) {
    void it(`an internal error at the ${step} step fails that file only: the others are reported in full, exit 2 (--jobs 1 and 2)`, () => {
      // NOTE: found as a whole-run failure: a throw in the pass ended the run with "internal error" and no report.
      const root = tree();
      for (const jobs of ['1', '2']) {
        const run = runBounded(['--format', 'json', '--jobs', jobs, 'src'], root, { BARRIERLINT_TEST_CROSS_FILE_FAULT: step });
        assert.equal(run.code, 2, run.stderr);
        assert.match(run.stderr, new RegExp(`src/barrierlint-test-fault\\.cpp: internal error during cross-file analysis \\(${step}\\): injected fault at ${step}; its findings are those of its own analysis only`));
        assert.match(run.stderr, /1 path could not be linted; the run is incomplete/);
        assert.deepEqual(rules(run.stdout, 'frame.cpp'), ['legacy-state-mismatch:3'], `--jobs ${jobs}`);
        assert.deepEqual(rules(run.stdout, 'f0.cpp'), ['sync-none-access-mismatch:6']);
        // The faulted file keeps its own analysis: reported, without what only the other files' helpers show.
        assert.deepEqual(rules(run.stdout, 'barrierlint-test-fault.cpp'), []);
      }
    });
  }

  // NOTE: found by reading the pass: its second analyses ran without the first pass's limits, so a file whose
  // re-analysis stalled or exhausted the main thread's heap stalled or ended the whole run. The hook runs past the
  // limits inside the second analysis until the limits' check stops it; with no check there, it never ends.
  const overLimits: [string, string[], NodeJS.ProcessEnv, RegExp][] = [
    ['stall', ['--jobs', '1', '--file-timeout', '2'], {}, /analysis timed out after 2 s/],
    ['grow', ['--jobs', '2'], { NODE_OPTIONS: '--max-old-space-size=256' }, /analysis needed more than the per-file memory limit of \d+ MB; file skipped/],
  ];
  for (const [fault, args, env, limit] of overLimits) {
    void it(`a second analysis over the per-file limits (${fault}, ${args.join(' ')}) fails that file only: it keeps its own findings, exit 2`, () => {
      const run = runBounded(['--format', 'json', ...args, 'src'], tree(), { ...env, BARRIERLINT_TEST_CROSS_FILE_FAULT: fault });
      assert.equal(run.code, 2, run.stderr);
      const failure = run.stderr.split('\n').find((l) => l.includes('barrierlint-test-fault.cpp')) ?? '';
      assert.match(failure, /src\/barrierlint-test-fault\.cpp: internal error during cross-file analysis \(helpers\): /);
      assert.match(failure, limit);
      assert.match(failure, /its findings are those of its own analysis only$/);
      assert.match(run.stderr, /1 path could not be linted; the run is incomplete/);
      assert.deepEqual(rules(run.stdout, 'frame.cpp'), ['legacy-state-mismatch:3']);
      assert.deepEqual(rules(run.stdout, 'f0.cpp'), ['sync-none-access-mismatch:6']);
      assert.deepEqual(rules(run.stdout, 'barrierlint-test-fault.cpp'), []);
    });
  }

  void it('an internal error in a run-wide step fails every file, and every file is still reported', () => {
    const run = runBounded(['--format', 'json', '--jobs', '1', 'src'], tree(), { BARRIERLINT_TEST_CROSS_FILE_FAULT: 'summary' });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /src\/frame\.cpp: internal error during cross-file analysis \(summary\)/);
    assert.match(run.stderr, /5 paths could not be linted; the run is incomplete/);
    assert.deepEqual(rules(run.stdout, 'frame.cpp'), ['legacy-state-mismatch:3']);
  });

  void it('an internal error deciding whether a file may skip its import analysis costs nothing: the run is exact', () => {
    // A file testing a header's enumerator whose functions only make calls, called only by a quiet function: its
    // import analysis is normally left out (quiet-imports.ts). When that decision throws, the analysis is done.
    const root = tempTree({
      'src/enums.h': 'enum CopyType : int { kCopyTypeRead = 0, kCopyTypeWrite = 1 };\n',
      'src/barrierlint-test-fault.cpp': '#include "enums.h"\nint Describe(int type) { if (type == kCopyTypeRead) return LogLine(1); return LogLine(2); }\n',
      'src/caller.cpp': '#include "enums.h"\nint Report(int type) { return Describe(type); }\n', 'src/f0.cpp': SYNC_NONE_CPP,
    });
    const env = { BARRIERLINT_TRACE_TIMES: '1' };
    const skipped = (stderr: string) => stderr.split('\n').filter((l) => /^barrierlint-trace imports(?:-unneeded)? .*barrierlint-test-fault\.cpp$/.test(l)).map((l) => l.split(' ')[1]);
    const plain = runBounded(['--format', 'json', '--jobs', '1', 'src'], root, env);
    assert.deepEqual(skipped(plain.stderr), ['imports-unneeded']);
    const run = runBounded(['--format', 'json', '--jobs', '1', 'src'], root, { ...env, BARRIERLINT_TEST_CROSS_FILE_FAULT: 'quiet' });
    assert.deepEqual(skipped(run.stderr), ['imports']);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stdout, plain.stdout);
  });
});

void describe('hostile inputs: option-like file names and the README recipes', () => {
  void it('everything after -- is a path, even names like --baseline=zz.cpp', () => {
    const root = tempTree({ '--baseline=zz.cpp': SYNC_NONE_CPP, '--print-config=x.cpp': SYNC_NONE_CPP });
    const run = runCli(['--quiet', '--', '--baseline=zz.cpp', '--print-config=x.cpp'], root);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /^--baseline=zz\.cpp:6:7: error:/m);
    assert.match(run.stdout, /^--print-config=x\.cpp:6:7: error:/m);
    assert.equal(fs.existsSync(path.join(root, 'zz.cpp')), false);
  });

  void it('every README recipe that appends file names puts -- before them', () => {
    const readme = fs.readFileSync(README, 'utf8');
    const recipes = readme.split('\n').filter((l) => /^\s*(xargs .*barrierlint|entry: npx barrierlint)/.test(l));
    assert.ok(recipes.length >= 3, recipes.join('\n'));
    for (const line of recipes) assert.match(line, /barrierlint( --?[\w-]+(?: [\w.-]+)?)* --( |$)/, line);
  });

  void it('the pre-commit recipe lints a staged file named like an option', () => {
    const root = tempTree({ '--baseline=zz.cpp': SYNC_NONE_CPP });
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['add', '--', '--baseline=zz.cpp'], { cwd: root });
    const script = `git diff --cached --name-only -z --diff-filter=ACMR -- '*.cpp' | xargs -0 -r "${process.execPath}" "${CLI}" --quiet --`;
    const run = spawnSync('sh', ['-c', script], { cwd: root, encoding: 'utf8' });
    assert.equal(run.status, 123, run.stderr); // xargs: the command exited 1 (errors found)
    assert.match(run.stdout, /--baseline=zz\.cpp:6:7: error:/);
  });
});

void describe('hostile inputs: a run that linted less than asked never exits 0', () => {
  void it('symlinked sources in a walked directory are linted; a broken one exits 2', () => {
    const root = tempTree({ 'real/frame.cpp': SYNC_NONE_CPP, 'src/own.cpp': CLEAN_CPP });
    fs.symlinkSync(path.join(root, 'real', 'frame.cpp'), path.join(root, 'src', 'linked.cpp'));
    const run = runCli(['src'], root);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /src\/linked\.cpp:6:7: error:/);
    fs.symlinkSync(path.join(root, 'gone.cpp'), path.join(root, 'src', 'broken.cpp'));
    const broken = runCli(['src'], root);
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /src\/broken\.cpp: broken symbolic link/);
  });

  void it('a .gitignore above a checkout without .git does not hide the checkout', () => {
    const outer = tempTree({ '.gitignore': '*\n', 'checkout/src/frame.cpp': SYNC_NONE_CPP });
    const run = runCli(['.'], path.join(outer, 'checkout'));
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /src\/frame\.cpp:6:7: error:/);
  });

  void it('a directory whose sources are all ignored exits 2, naming the .gitignore', () => {
    const root = tempTree({ '.gitignore': '*.cpp\n', 'src/frame.cpp': SYNC_NONE_CPP });
    fs.mkdirSync(path.join(root, '.git'));
    const run = runCli(['src'], root);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /src: nothing to lint: 1 path ignored by \.gitignore \(.*\.gitignore\)/);
  });

  void it('an unreadable directory exits 2 and is named', { skip: process.getuid?.() === 0 && 'root reads every directory' }, () => {
    const root = tempTree({ 'src/a.cpp': CLEAN_CPP, 'src/locked/b.cpp': SYNC_NONE_CPP });
    fs.chmodSync(path.join(root, 'src', 'locked'), 0);
    try {
      const run = runCli(['src'], root);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /src\/locked: cannot read directory: EACCES/);
    } finally {
      fs.chmodSync(path.join(root, 'src', 'locked'), 0o755);
    }
  });

  void it('a FIFO named like a source is refused without blocking, given or walked', () => {
    const root = tempTree({ 'src/a.cpp': CLEAN_CPP });
    execFileSync('mkfifo', [path.join(root, 'src', 'pipe.cpp')]);
    for (const args of [['src/pipe.cpp'], ['src']]) {
      const run = runBounded(args, root, {}, 20_000);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /pipe\.cpp: not a regular file/);
    }
  });
});

void describe('hostile inputs: baselines', () => {
  const CONFIG = '{ "rules": { "unused-suppression": "error" } }';

  void it('a missing baseline is an error naming the path; --baseline-create records it', () => {
    const root = tempTree({ 'barrierlint.json': CONFIG, 'a.cpp': staleSuppressionCpp('a', 2) });
    const typo = runCli(['--baseline', 'baselnie.json', 'a.cpp'], root);
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /baselnie\.json: no such baseline \(.*baselnie\.json\); to record one, run with --baseline-create/);
    assert.equal(fs.existsSync(path.join(root, 'baselnie.json')), false);
    const created = runCli(['--baseline', 'baseline.json', '--baseline-create', 'a.cpp'], root);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stderr, /baseline: recorded 2 findings in baseline\.json \(.*baseline\.json\)/);
    assert.equal(runCli(['--baseline', 'baseline.json', 'a.cpp'], root).code, 0);
  });

  void it('a baseline write that fails midway leaves the previous baseline intact', () => {
    const many = (n: number): string =>
      ['void Record(ID3D12GraphicsCommandList7* cl) {', ...Array.from({ length: n }, (_, i) => `  cl->Close(); // barrierlint-disable-line stale-id-${i}`), '}', ''].join('\n');
    const root = tempTree({ 'barrierlint.json': CONFIG, 'a.cpp': many(200), 'b.cpp': many(200) });
    assert.equal(runCli(['--baseline', 'baseline.json', '--baseline-create', '.'], root).code, 0);
    const before = fs.readFileSync(path.join(root, 'baseline.json'), 'utf8');
    assert.ok(before.length > 64 * 1024, `${before.length}`);
    fs.writeFileSync(path.join(root, 'a.cpp'), many(1));
    // A 4 KB file-size limit makes the pruned baseline's write fail partway.
    const script = `ulimit -f 8; exec "${process.execPath}" "${CLI}" --baseline baseline.json --baseline-prune .`;
    spawnSync('sh', ['-c', script], { cwd: root, encoding: 'utf8' });
    assert.equal(fs.readFileSync(path.join(root, 'baseline.json'), 'utf8'), before);
  });
});

void describe('hostile inputs: the result cache', () => {
  void it('a planted or edited cache entry is not trusted', () => {
    const root = tempTree({ 'frame.cpp': SYNC_NONE_CPP });
    assert.equal(runCli(['--cache', 'frame.cpp'], root).code, 1);
    const dir = path.join(root, 'node_modules', '.cache', 'barrierlint');
    const entries = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.json'));
    assert.equal(entries.length, 1);
    const uri = `file://${path.join(root, 'frame.cpp')}`;
    const clean = { uri, findings: [], sites: [], parseErrors: 0, complete: true };
    fs.writeFileSync(path.join(dir, entries[0]), JSON.stringify(clean));
    const planted = runCli(['--cache', 'frame.cpp'], root);
    assert.equal(planted.code, 1, 'a planted clean entry hid the error');
    assert.match(planted.stdout, /frame\.cpp:6:7: error:/);
  });
});

void describe('hostile inputs: configuration and ignore files', () => {
  void it('extends /dev/zero, a FIFO or a file outside the workspace is refused quickly, never echoed', () => {
    const outside = tempTree({ 'secret.json': '{ "platform": "the-secret-value-1234" }' });
    const root = tempTree({ 'a.cpp': CLEAN_CPP });
    execFileSync('mkfifo', [path.join(root, 'fifo.json')]);
    const cases: [string, RegExp][] = [
      ['/dev/zero', /outside the allowed directories|not a regular file/],
      ['./fifo.json', /fifo\.json: cannot read configuration .*not a regular file/],
      [path.join(outside, 'secret.json'), /secret\.json is outside the allowed directories/],
    ];
    for (const [target, message] of cases) {
      fs.writeFileSync(path.join(root, 'barrierlint.json'), JSON.stringify({ extends: target }));
      const run = runBounded(['a.cpp'], root, {}, 20_000);
      assert.equal(run.code, 2, `${target}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.doesNotMatch(run.stderr, /the-secret-value/);
    }
  });

  void it('a config value is named by type, not echoed, when it is long', () => {
    const root = tempTree({ 'a.cpp': CLEAN_CPP, 'barrierlint.json': JSON.stringify({ platform: `x${'secret'.repeat(20)}` }) });
    const run = runCli(['a.cpp'], root);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /platform: a string of 121 characters is not allowed/);
    assert.doesNotMatch(run.stderr, /secretsecret/);
  });

  void it('an extends diamond lattice loads each file once; a cycle is still an error', () => {
    const files: Record<string, string> = { 'a.cpp': staleSuppressionCpp('a') };
    const levels = 30;
    for (let i = 0; i < levels; i++) {
      const next = i + 1 < levels ? [`./l${i + 1}a.json`, `./l${i + 1}b.json`] : [];
      for (const side of ['a', 'b']) files[`l${i}${side}.json`] = JSON.stringify(next.length ? { extends: next } : { rules: { 'unused-suppression': 'error' } });
    }
    files['barrierlint.json'] = JSON.stringify({ extends: ['./l0a.json', './l0b.json'] });
    const root = tempTree(files);
    const run = runBounded(['a.cpp'], root, {}, 20_000);
    assert.notEqual(run.code, null, 'killed: the diamond lattice exploded');
    assert.equal(run.code, 2, run.stderr); // 61 files: over the extends file limit, reported, not a hang
    assert.match(run.stderr, /extends: (more than 64 files|chain deeper than 16 files)/);
    const small: Record<string, string> = {
      'a.cpp': staleSuppressionCpp('a'),
      'barrierlint.json': JSON.stringify({ extends: ['./b.json', './c.json'] }),
      'b.json': JSON.stringify({ extends: './d.json' }), 'c.json': JSON.stringify({ extends: './d.json' }),
      'd.json': JSON.stringify({ rules: { 'unused-suppression': 'error' } }),
    };
    const diamond = runCli(['a.cpp'], tempTree(small));
    assert.equal(diamond.code, 1, diamond.stderr);
  });

  void it('a .gitignore symlinked to /dev/zero or a FIFO does not block or blow up the walk', () => {
    const root = tempTree({ 'src/frame.cpp': SYNC_NONE_CPP });
    fs.symlinkSync('/dev/zero', path.join(root, '.gitignore'));
    execFileSync('mkfifo', [path.join(root, 'src', '.gitignore')]);
    const run = runBounded(['.'], root, {}, 20_000);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /\.gitignore: not a regular file .*its patterns were not applied/);
    assert.match(run.stdout, /src\/frame\.cpp:6:7: error:/);
  });
});
