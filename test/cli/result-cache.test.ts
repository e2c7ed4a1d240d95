// The result cache's entries (cli/cache.ts): a one-line header (key, checksum), then the result as JSON text. Before,
// the result was a JSON string inside the entry's JSON, so a warm run parsed every result twice (the escaped string,
// then the result): most of a warm run's CPU. An entry that does not verify is still a miss.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ResultCache } from '../../server/src/cli/cache';
import type { AnalysisResult } from '../../server/src/analyze';
import { DEFAULT_CONFIG } from '../../server/src/types';

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
