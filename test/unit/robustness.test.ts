// Robustness (issue 2): half-typed code is normal in an editor. Random prefixes, truncations, byte mutations,
// deletions and insertions of the fixtures and examples go through analyze(); it must never throw and must always
// return a complete result. fast-check shrinks a failure to a small reproducer (printed with its seed).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { propertySeed } from '../harness/seed';
import { sourceFiles } from '../harness/fixture';
import { analyze } from '../../server/src/analyze';

const ROOT = path.resolve(__dirname, '../../..');
/** Keeps the whole property under ~10 s on a loaded machine; fast-check stops early (without failing) past it. */
const TIME_LIMIT_MS = 8_000;

function corpus(): { name: string; text: string }[] {
  return [...sourceFiles(path.join(ROOT, 'test', 'fixtures')), ...sourceFiles(path.join(ROOT, 'examples'))]
    .map((p) => ({ name: path.relative(ROOT, p), text: fs.readFileSync(p, 'utf8') }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Tokens that unbalance or re-shape C++: what an editor buffer holds between keystrokes. */
const TOKENS = ['{', '}', '(', ')', '[', ']', ';', ',', '->', '.', '&', '*', '|', '~', '::', '/*', '*/', '//', '"', "'",
  '#if 0\n', '#endif\n', '#define X(', '\\\n', '\n', '\0', 'D3D12_BARRIER_SYNC_', 'CD3DX12_TEXTURE_BARRIER(', '= {', '0x', '\u00e9', '\ud83d'];

type Edit = (text: string) => string;

const prefix: fc.Arbitrary<Edit> = fc.double({ min: 0, max: 1, noNaN: true }).map((f) => (t: string) => t.slice(0, Math.floor(t.length * f)));
const cut: fc.Arbitrary<Edit> = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(400)).map(([f, n]) => (t: string) => {
  const at = Math.floor(t.length * f);
  return t.slice(0, at) + t.slice(at + n);
});
const mutate: fc.Arbitrary<Edit> = fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 0xffff })), { minLength: 1, maxLength: 12 })
  .map((changes) => (t: string) => {
    const chars = [...t];
    for (const [f, code] of changes) if (chars.length) chars[Math.floor((chars.length - 1) * f)] = String.fromCharCode(code);
    return chars.join('');
  });
const insert: fc.Arbitrary<Edit> = fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...TOKENS)), { minLength: 1, maxLength: 8 })
  .map((inserts) => (t: string) => {
    let out = t;
    for (const [f, token] of inserts) {
      const at = Math.floor(out.length * f);
      out = out.slice(0, at) + token + out.slice(at);
    }
    return out;
  });
const deleteLines: fc.Arbitrary<Edit> = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 10 })
  .map((picks) => (t: string) => {
    const lines = t.split('\n');
    for (const f of picks) if (lines.length) lines.splice(Math.floor((lines.length - 1) * f), 1);
    return lines.join('\n');
  });

void test('analyze() survives random prefixes, cuts, mutations, insertions and deletions of the fixtures', () => {
  const files = corpus();
  assert.ok(files.length > 20, `corpus: ${files.length} files`);
  const started = Date.now();
  fc.assert(
    fc.property(
      fc.constantFrom(...files),
      fc.array(fc.oneof(prefix, cut, mutate, insert, deleteLines), { minLength: 1, maxLength: 3 }),
      (file, edits) => {
        const text = edits.reduce((t, edit) => edit(t), file.text);
        const result = analyze(text, file.name);
        assert.equal(result.complete, true);
        assert.ok(Array.isArray(result.findings) && Array.isArray(result.sites));
        for (const f of result.findings) assert.ok(f.range.startLine >= 0 && f.range.endLine >= f.range.startLine, `${file.name}: bad range`);
      },
    ),
    { numRuns: 400, interruptAfterTimeLimit: TIME_LIMIT_MS, seed: propertySeed('analyze() robustness') },
  );
  assert.ok(Date.now() - started < TIME_LIMIT_MS + 5_000, 'the property stays within its time budget');
});

void test('analyze() survives every prefix boundary of one example at line granularity', () => {
  const text = fs.readFileSync(path.join(ROOT, 'examples', 'raw-structs', 'ComputePost.cpp'), 'utf8');
  const lines = text.split('\n');
  for (let n = 0; n <= lines.length; n += 7) {
    const result = analyze(lines.slice(0, n).join('\n'), 'prefix.cpp');
    assert.equal(result.complete, true);
  }
});
