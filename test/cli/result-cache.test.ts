// The result cache's entries (cli/cache.ts): a one-line header (key, checksum), then the result as JSON text. Before,
// the result was a JSON string inside the entry's JSON, so a warm run parsed every result twice (the escaped string,
// then the result): most of a warm run's CPU. An entry that does not verify is still a miss.
// What a whole run reports is cached too (cli/lint.ts runCacheKey): a warm run of an unchanged tree does not run the
// cross-file pass again; any change to any file misses, and the run then answers as an uncached run.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ResultCache } from '../../server/src/cli/cache';
import type { AnalysisResult } from '../../server/src/analyze';
import { runCli, tempTree } from './helpers';
import { DEFAULT_CONFIG } from '../../server/src/types';
import { FRAME_CALLER, TRANSITION_HELPER } from '../harness/cross-file-pair';

const URI = 'file:///src/frame.cpp';
const RESULT = {
  uri: URI, findings: [{ rule: 'legacy-state-mismatch', message: 'a "quoted"\nmessage', severity: 'error' }], sites: [], parseErrors: 0, complete: true,
  helpers: [{ name: 'Transition', qualifiedName: 'Transition' }],
} as unknown as AnalysisResult;

function entryFile(dir: string): string {
  const files = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.json'));
  assert.equal(files.length, 1);
  return path.join(dir, files[0]);
}

void describe('result cache entries', () => {
  void it('hold the result once, as JSON text after a one-line header', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'barrierlint-cache-'));
    const cache = new ResultCache(dir);
    const key = cache.key({ text: 'void f() {}', uri: URI, config: DEFAULT_CONFIG, keepSites: false });
    cache.set(key, RESULT);
    const text = fs.readFileSync(entryFile(dir), 'utf8');
    const end = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, end)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(header).sort(), ['checksum', 'key']);
    assert.equal(header.key, key);
    assert.deepEqual(JSON.parse(text.slice(end + 1)), RESULT);
    assert.deepEqual(cache.get(key, URI), RESULT);
    assert.equal(cache.get(key, 'file:///src/other.cpp'), undefined, 'another file\'s uri');
  });

  void it('an edited payload, an edited header or an entry in the old form is a miss', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'barrierlint-cache-'));
    const cache = new ResultCache(dir);
    const key = cache.key({ text: 'void f() {}', uri: URI, config: DEFAULT_CONFIG, keepSites: false });
    cache.set(key, RESULT);
    const file = entryFile(dir);
    const text = fs.readFileSync(file, 'utf8');
    const end = text.indexOf('\n');
    const clean = JSON.stringify({ ...RESULT, findings: [] });
    fs.writeFileSync(file, `${text.slice(0, end + 1)}${clean}`);
    assert.equal(cache.get(key, URI), undefined, 'a payload that does not match its checksum');
    fs.writeFileSync(file, `${JSON.stringify({ key, checksum: '0'.repeat(64) })}\n${clean}`);
    assert.equal(cache.get(key, URI), undefined, 'a planted header');
    fs.writeFileSync(file, JSON.stringify({ key, checksum: '0'.repeat(64), payload: clean }));
    assert.equal(cache.get(key, URI), undefined, 'an entry without a header line');
    fs.writeFileSync(file, text);
    assert.deepEqual(cache.get(key, URI), RESULT);
  });
});


void describe('a whole run\'s reported results in the cache', () => {
  const passes = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('barrierlint-trace pass ')).map((l) => l.split(' ')[2]);
  const TRACE = { BARRIERLINT_TRACE_TIMES: '1' };

  void it('a warm run of an unchanged tree reports the cold run\'s output without the cross-file pass', () => {
    const dir = tempTree({ 'src/barriers.cpp': TRANSITION_HELPER, 'src/frame.cpp': FRAME_CALLER });
    const uncached = runCli(['--format', 'json', '--no-cache', 'src'], dir);
    const cold = runCli(['--format', 'json', '--cache', 'src'], dir, TRACE);
    assert.deepEqual(passes(cold.stderr), ['first', 'imports', 'helpers']);
    const warm = runCli(['--format', 'json', '--cache', 'src'], dir, TRACE);
    assert.deepEqual(passes(warm.stderr), ['cached-run']);
    for (const run of [cold, warm]) {
      assert.equal(run.code, uncached.code);
      assert.equal(run.stdout, uncached.stdout);
    }
    assert.match(warm.stdout, /legacy-state-mismatch/);
  });

  void it('a changed file, another set of files or another format misses, and answers as an uncached run', () => {
    const dir = tempTree({ 'src/barriers.cpp': TRANSITION_HELPER, 'src/frame.cpp': FRAME_CALLER, 'src/other.cpp': FRAME_CALLER.replace('Frame', 'Other') });
    runCli(['--format', 'json', '--cache', 'src'], dir);
    // The helper no longer records its barrier: the callers' findings go away.
    fs.writeFileSync(path.join(dir, 'src/barriers.cpp'), TRANSITION_HELPER.replace('cl->ResourceBarrier(1, &b);', '(void)b;'));
    const changed = runCli(['--format', 'json', '--cache', 'src'], dir, TRACE);
    assert.deepEqual(passes(changed.stderr), ['first', 'imports', 'helpers']);
    assert.equal(changed.stdout, runCli(['--format', 'json', '--no-cache', 'src'], dir).stdout);
    assert.doesNotMatch(changed.stdout, /legacy-state-mismatch/);
    // Two of the three files: a run of its own.
    const two = runCli(['--format', 'json', '--cache', 'src/frame.cpp', 'src/barriers.cpp'], dir, TRACE);
    assert.deepEqual(passes(two.stderr), ['first', 'imports', 'helpers']);
    assert.equal(two.stdout, runCli(['--format', 'json', '--no-cache', 'src/frame.cpp', 'src/barriers.cpp'], dir).stdout);
    // The facts format keeps the sites: other keys.
    const facts = runCli(['--format', 'facts', '--cache', 'src'], dir, TRACE);
    assert.deepEqual(passes(facts.stderr), ['first', 'imports', 'helpers']);
    assert.equal(facts.stdout, runCli(['--format', 'facts', '--no-cache', 'src'], dir).stdout);
    assert.equal(runCli(['--format', 'facts', '--cache', 'src'], dir).stdout, facts.stdout);
  });

  // The helper pass's entries name the other files by what the pass reads of them (cli/cross-file.ts indexDigest),
  // not by their keys: an edit that changes no file's helpers tracks again only the edited file.
  const retracked = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('barrierlint-trace helpers ')).map((l) => path.basename(l.split(' ').at(-1)!)).sort();

  void it('after an edit that changes no helper, only the edited file is tracked again', () => {
    const dir = tempTree({ 'src/barriers.cpp': TRANSITION_HELPER, 'src/frame.cpp': FRAME_CALLER, 'src/other.cpp': FRAME_CALLER.replace('Frame', 'Other') });
    const cold = runCli(['--format', 'json', '--cache', 'src'], dir, TRACE);
    assert.deepEqual(retracked(cold.stderr), ['frame.cpp', 'other.cpp']);
    fs.appendFileSync(path.join(dir, 'src/other.cpp'), '// edited\n');
    const warm = runCli(['--format', 'json', '--cache', 'src'], dir, TRACE);
    assert.deepEqual(passes(warm.stderr), ['first', 'imports', 'helpers']);
    assert.deepEqual(retracked(warm.stderr), ['other.cpp']);
    assert.equal(warm.stdout, runCli(['--format', 'json', '--no-cache', 'src'], dir).stdout);
    assert.match(warm.stdout, /legacy-state-mismatch/);
  });

  void it('an edit that moves a helper tracks its callers again, and they report where it now is', () => {
    const dir = tempTree({ 'src/barriers.cpp': TRANSITION_HELPER, 'src/frame.cpp': FRAME_CALLER, 'src/other.cpp': FRAME_CALLER.replace('Frame', 'Other') });
    runCli(['--format', 'json', '--cache', 'src'], dir);
    fs.writeFileSync(path.join(dir, 'src/barriers.cpp'), `// moved down\n\n${TRANSITION_HELPER}`);
    const warm = runCli(['--format', 'json', '--cache', 'src'], dir, TRACE);
    assert.deepEqual(retracked(warm.stderr), ['frame.cpp', 'other.cpp']);
    assert.equal(warm.stdout, runCli(['--format', 'json', '--no-cache', 'src'], dir).stdout);
  });
});
