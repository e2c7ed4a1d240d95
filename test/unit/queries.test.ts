// Every query in grammar-queries/ compiles against the pinned tree-sitter-cpp grammar, and the extractor's
// JavaScript matchers (extract/structure.ts) find exactly what the extraction queries find, on every fixture and
// example (the .scm files are the specification; see the NOTE in structure.ts for why both exist).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { NodeDoc } from '../../server/src/extract/node';
import { extractionMatches } from '../../server/src/extract/queries';
import type { Captures, Purpose } from '../../server/src/extract/structure';
import { structureMatches } from '../../server/src/extract/structure';
import { getQuery, listQueryNames, parseCpp } from '../../server/src/parse/parser';

const ROOT = path.resolve(__dirname, '../../..');

void test('every grammar query compiles', () => {
  const names = listQueryNames();
  assert.ok(names.length >= 2, `found queries: ${names.join(', ')}`);
  for (const name of names) assert.ok(getQuery(name).matches !== undefined, `${name}.scm has no captures`);
});

function sources(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(cpp|h)$/.test(e.name)) out.push(p);
    }
  };
  walk(path.join(ROOT, 'test', 'fixtures'));
  walk(path.join(ROOT, 'examples'));
  return out.sort();
}

function describe(matches: Record<Purpose, Captures[]>): string[] {
  const out: string[] = [];
  for (const [purpose, list] of Object.entries(matches)) {
    for (const m of list) {
      const parts = [...m].map(([name, n]) => `${name}=${n.type}@${n.startIndex}-${n.endIndex}`).sort();
      out.push(`${purpose}: ${parts.join(' ')}`);
    }
  }
  return out.sort();
}

void test('the JavaScript matchers find what the extraction queries find', () => {
  const probe = `
    #define KIND D3D12_BARRIER_TYPE_TEXTURE
    const UINT a = 1, b = 2;
    namespace n { constexpr int c = 3; struct S { int m; ID3D12Resource* r[2]; void f() { auto l = [&]() { const int d = 4; }; } }; }
    template <typename T> void g(T t) {}
    extern "C" { static const float e = 1.0f; }`;
  for (const [name, text] of [['probe', probe] as const, ...sources().map((f) => [path.relative(ROOT, f), fs.readFileSync(f, 'utf8')] as const)]) {
    const tree = parseCpp(text);
    const doc = new NodeDoc(text);
    const js = describe(structureMatches(doc.root(tree)));
    const native = describe(extractionMatches(tree, doc));
    assert.deepEqual(js, native, `${name}: the matchers and the queries disagree`);
  }
});
