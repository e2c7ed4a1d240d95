// How a run's outcomes become an exit status: an incomplete analysis or an analysis that threw is exit 2 even
// when nothing else is wrong; facts and platform reach the output.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnalysisResult } from '../../server/src/analyze';
import { availableParallelism } from 'node:os';
import { FILES_PER_WORKER, settle, workerCount } from '../../server/src/cli/lint';
import type { FileOutcome } from '../../server/src/cli/outcome';
import type { RunOptions } from '../../server/src/cli/options';
import { reportRun } from '../../server/src/cli/report-run';
import { DEFAULT_CONFIG } from '../../server/src/types';
import { SYNC_NONE_CPP, runCli, tempTree } from './helpers';

const OPTIONS: RunOptions = {
  paths: ['.'], format: 'json', rules: {}, quiet: false, jobs: 1, baselinePrune: false, baselineCreate: false, cache: false,
  cacheLocation: '/tmp/unused', color: false, languageServer: false,
};

function outcome(name: string): FileOutcome {
  return {
    target: { abs: `/src/${name}`, display: name }, uri: `file:///src/${name}`,
    config: { config: DEFAULT_CONFIG, files: [], ignores: [] },
  };
}

function exitOf(outcomes: FileOutcome[]): { code: number; stderr: string } {
  let stderr = '';
  const code = reportRun({
    outcomes, missing: [], options: OPTIONS, platform: 'pc',
    io: { cwd: '/src', color: false, stdout: () => undefined, stderr: (s) => (stderr += s) },
  });
  return { code, stderr };
}

const clean = (uri: string, complete: boolean): AnalysisResult => ({ uri, findings: [], sites: [], parseErrors: 0, complete });

void describe('run outcomes', () => {
  void it('a complete clean result exits 0', () => {
    const ok = outcome('a.cpp');
    settle(ok, { id: 0, result: clean(ok.uri, true) });
    assert.equal(exitOf([ok]).code, 0);
  });

  void it('an incomplete analysis exits 2, never 0', () => {
    const partial = outcome('big.cpp');
    settle(partial, { id: 0, result: clean(partial.uri, false) });
    const { code, stderr } = exitOf([partial]);
    assert.equal(code, 2);
    assert.match(stderr, /big\.cpp: analysis did not complete/);
  });

  void it('an analysis that threw exits 2 and names the file', () => {
    const crashed = outcome('crash.cpp');
    settle(crashed, { id: 0, error: 'TypeError: boom' });
    const { code, stderr } = exitOf([crashed]);
    assert.equal(code, 2);
    assert.match(stderr, /crash\.cpp: internal error during analysis: TypeError: boom/);
  });

  void it('--format facts lists the extracted sites; --platform reaches the JSON header', () => {
    const root = tempTree({ 'frame.cpp': SYNC_NONE_CPP });
    const facts = JSON.parse(runCli(['--format', 'facts', 'frame.cpp'], root).stdout) as {
      files: { path: string; parseErrors: number; sites: { kind: string; resource: string | null; fields: Record<string, unknown> }[] }[];
    };
    assert.equal(facts.files[0].path, 'frame.cpp');
    assert.equal(facts.files[0].parseErrors, 0);
    const texture = facts.files[0].sites.find((s) => s.kind === 'texture-barrier');
    assert.equal(texture?.resource, 'tex');
    assert.equal(texture?.fields.SyncBefore, 'D3D12_BARRIER_SYNC_NONE');
    const json = JSON.parse(runCli(['--format', 'json', '--platform', 'xbox-series', 'frame.cpp'], root).stdout) as { platform: string };
    assert.equal(json.platform, 'xbox-series');
  });
});

void describe('worker count', () => {
  void it('--jobs N is an upper bound by file count; the default starts a worker per 50 files, up to one fewer than the cores', () => {
    assert.equal(workerCount(4, 24), 4);
    assert.equal(workerCount(4, 2), 2);
    assert.equal(workerCount(1, 500), 1);
    assert.equal(workerCount('auto', FILES_PER_WORKER - 1), 0);
    assert.equal(workerCount('auto', 10_000, 8), 7);
    assert.equal(workerCount('auto', 3 * FILES_PER_WORKER, 8), 3);
  });

  void it('the default never runs workers on 2 cores (in process, as --jobs 1) nor a lone worker', () => {
    assert.equal(workerCount('auto', 10_000, 2), 0);
    assert.equal(workerCount('auto', 10_000, 1), 0);
    assert.equal(workerCount('auto', 10_000, 3), 2);
    assert.equal(workerCount('auto', FILES_PER_WORKER, 8), 0);
    assert.ok(workerCount('auto', 10_000) <= Math.max(0, availableParallelism() - 1));
  });
});
