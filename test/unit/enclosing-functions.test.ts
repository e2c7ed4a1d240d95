// The enclosing-function index (rules/support/enclosing-functions.ts) answers what a scan of every function
// answers, for every barrier site and every function boundary of every fixture and example (nested lambdas and
// local classes included), and on random nested ranges.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { extractFacts } from '../../server/src/extract/extract';
import type { FunctionFacts } from '../../server/src/extract/facts';
import { parseCpp } from '../../server/src/parse/parser';
import { enclosingIndex } from '../../server/src/rules/support/enclosing-functions';
import type { Range } from '../../server/src/types';
import { sourceFiles } from '../harness/fixture';

const ROOT = path.resolve(__dirname, '../../..');

function contains(outer: Range, inner: Range): boolean {
  const startsBefore = outer.startLine < inner.startLine || (outer.startLine === inner.startLine && outer.startColumn <= inner.startColumn);
  const endsAfter = outer.endLine > inner.endLine || (outer.endLine === inner.endLine && outer.endColumn >= inner.endColumn);
  return startsBefore && endsAfter;
}

function check(functions: FunctionFacts[], places: Range[], where: string): void {
  const index = enclosingIndex(functions);
  for (const at of places) {
    const expected = functions.filter((f) => contains(f.range, at));
    const got = index.around(at);
    assert.deepEqual(new Set(got), new Set(expected), `${where} at ${JSON.stringify(at)}`);
    assert.equal(got.length, expected.length, `${where}: no function twice`);
  }
}

test('enclosing functions of every site and function boundary of the fixtures and examples', () => {
  const files = [...sourceFiles(path.join(ROOT, 'test', 'fixtures')), ...sourceFiles(path.join(ROOT, 'examples'))];
  assert.ok(files.length > 50);
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const facts = extractFacts(parseCpp(text), text);
    const point = (line: number, column: number): Range => ({ startLine: line, startColumn: column, endLine: line, endColumn: column });
    const places = [
      ...facts.sites.map((s) => s.range),
      ...facts.functions.flatMap((f) => [f.range, point(f.range.startLine, f.range.startColumn), point(f.range.endLine, f.range.endColumn),
        point(f.range.startLine, Math.max(0, f.range.startColumn - 1)), point(f.range.endLine, f.range.endColumn + 1)]),
    ];
    check(facts.functions, places, path.relative(ROOT, file));
  }
});

test('enclosing functions of random nested ranges', () => {
  let seed = 12;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let round = 0; round < 200; round++) {
    const functions: FunctionFacts[] = [];
    const places: Range[] = [];
    for (let i = 0; i < 12; i++) {
      const a = { line: rand(40), column: rand(5) };
      const b = { line: a.line + rand(10), column: rand(5) };
      const range: Range = { startLine: a.line, startColumn: a.column, endLine: b.line, endColumn: b.line === a.line ? a.column + rand(5) : b.column };
      functions.push({ range } as FunctionFacts);
      const p = { line: rand(50), column: rand(6) };
      places.push({ startLine: p.line, startColumn: p.column, endLine: p.line + rand(3), endColumn: rand(6) });
    }
    check(functions, places, `round ${round}`);
  }
});
