// What the language server's two threads do with a function-only result (result-moves.ts): the JSON-RPC thread
// moves its diagnostics exactly as the worker moves the findings they were made from, keeps what no edit moves
// as the same object, and merges new items in sorted order.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { propertySeed } from '../harness/seed';
import { analyze } from '../../server/src/analyze';
import { StoredDocument, type TreeEdit } from '../../server/src/parse/document-store';
import { findingToDiagnostic } from '../../server/src/report/lsp-diagnostics';
import {
  byFinding, bySite, keptFindings, keptSites, mergeSorted, movedDiagnostic, movedFinding, movedKept, movedMentions, movedRange, movedSite, siteWithin, within,
} from '../../server/src/lsp/result-moves';
import type { Finding } from '../../server/src/types';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { typingFile } from '../bench/bench-lsp-typing';
import { EDITOR_FIXTURE } from '../harness/lsp-client';

const URI = 'file:///moves.cpp';

describe('moving a previous result by edits', () => {
  const fixture = (name: string): string => readFileSync(path.join(__dirname, '..', '..', '..', 'test', 'fixtures', name), 'utf8');
  // Findings with related locations, with fixes in their data, and plenty without.
  const source = [readFileSync(EDITOR_FIXTURE, 'utf8'), fixture('rules/unused-suppression.cpp'), fixture('code-model/texture-split-never-ended.cpp'), typingFile(200)].join('\n');
  const result = analyze(source, URI);

  it('moves a diagnostic like the finding it was made from, related locations and fixes included', () => {
    assert.ok(result.findings.some((f) => f.fixes.length > 0) && result.findings.some((f) => f.related.length > 0));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(source.length), fc.nat(4), fc.constantFrom('x', '\n', '\n\n', '', '中;')), { minLength: 1, maxLength: 3 }), (changes) => {
        const doc = new StoredDocument(URI, 'cpp', 1, source);
        const edits: TreeEdit[] = changes.map(([at, removed, text]) => {
          const from = Math.min(at, doc.text.length);
          return doc.apply({ range: { start: doc.positionAt(from), end: doc.positionAt(from + removed) }, text });
        });
        for (const f of result.findings) {
          assert.deepEqual(movedDiagnostic(findingToDiagnostic(f), URI, edits), findingToDiagnostic(movedFinding(f, edits)));
        }
      }),
      { numRuns: 40, seed: propertySeed('moved diagnostics') },
    );
  });

  it('moves a finding like moving each of its places, whatever the edits', () => {
    // Every place moved on its own, the reference the per-place test of movedFinding must agree with.
    const reference = (f: Finding, edits: readonly TreeEdit[]): unknown => {
      const here = (uri: string, r: Finding['range']): Finding['range'] => (uri === f.uri ? movedRange(r, edits) : r);
      return JSON.parse(JSON.stringify({
        ...f, message: movedMentions(f.message, edits), range: movedRange(f.range, edits), ...(f.focus ? { focus: movedRange(f.focus, edits) } : {}),
        related: f.related.map((r) => ({ ...r, range: here(r.uri, r.range) })), path: f.path?.map((r) => ({ ...r, range: here(r.uri, r.range) })),
        fixes: f.fixes.map((fix) => ({ ...fix, edits: fix.edits.map((e) => ({ ...e, range: movedRange(e.range, edits) })) })),
      }));
    };
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(source.length), fc.nat(40), fc.constantFrom('x', '\n', '\n\n', '', '中;')), { minLength: 1, maxLength: 3 }), (changes) => {
        const doc = new StoredDocument(URI, 'cpp', 1, source);
        const edits: TreeEdit[] = changes.map(([at, removed, text]) => {
          const from = Math.min(at, doc.text.length);
          return doc.apply({ range: { start: doc.positionAt(from), end: doc.positionAt(from + removed) }, text });
        });
        for (const f of result.findings) assert.deepEqual(JSON.parse(JSON.stringify(movedFinding(f, edits))), reference(f, edits));
      }),
      { numRuns: 40, seed: propertySeed('moved findings') },
    );
  });

  it('keeps the findings and sites outside a function like moving and filtering each', () => {
    const lines = source.split('\n').length;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(source.length), fc.nat(40), fc.constantFrom('x', '\n', '\n\n', '', '中;')), { minLength: 1, maxLength: 3 }), fc.nat(lines), fc.nat(60), fc.boolean(),
        (changes, at, size, merged) => {
          const doc = new StoredDocument(URI, 'cpp', 1, source);
          const edits: TreeEdit[] = changes.map(([offset, removed, text]) => {
            const from = Math.min(offset, doc.text.length);
            return doc.apply({ range: { start: doc.positionAt(from), end: doc.positionAt(from + removed) }, text });
          });
          const focus = { startLine: at, startColumn: 0, endLine: at + size, endColumn: 1 };
          // A result the editor merged before (known sorted), or one as analyze() made it.
          const findings = merged ? mergeSorted(result.findings, [], byFinding) : result.findings;
          const sites = merged ? mergeSorted(result.sites, [], bySite) : result.sites;
          assert.deepEqual(keptFindings(findings, edits, focus), movedKept(findings, (f) => movedFinding(f, edits), (f) => within(f.range, focus), byFinding));
          assert.deepEqual(keptSites(sites, edits, focus), movedKept(sites, (x) => movedSite(x, edits), (x) => siteWithin(x, focus), bySite));
        }),
      { numRuns: 60, seed: propertySeed('kept findings and sites') },
    );
  });

  it('moves, drops and merges like a stable sort of what is kept and added, whether the kept items came sorted or not', () => {
    interface Item { n: number; from: string }
    const compare = (x: Item, y: Item): number => x.n - y.n;
    fc.assert(
      fc.property(fc.array(fc.nat(30)), fc.array(fc.nat(30)), fc.array(fc.integer({ min: -3, max: 3 })), fc.nat(30), fc.boolean(), (a, b, shifts, dropAt, merged) => {
        const raw = a.map((n, i) => ({ n, from: `k${i}` }));
        // A previous result mergeSorted made (known sorted), or one that arrived from elsewhere (maybe not sorted).
        const items = merged ? mergeSorted(raw, [], compare) : raw;
        const move = (x: Item): Item => {
          const shift = shifts[Number(x.from.slice(1)) % Math.max(1, shifts.length)] ?? 0;
          return shift === 0 ? x : { ...x, n: x.n + shift };
        };
        const dropped = (x: Item): boolean => x.n === dropAt;
        const added = b.map((n, i) => ({ n, from: `a${i}` }));
        const { kept, sorted } = movedKept(items, move, dropped, compare);
        assert.ok(!sorted || kept.every((x, i) => i === 0 || compare(kept[i - 1], x) <= 0));
        const expected = [...items.map(move).filter((x) => !dropped(x)), ...added].sort(compare);
        assert.deepEqual(mergeSorted(kept, added, compare, sorted), expected);
      }),
      { numRuns: 300, seed: propertySeed('moved kept') },
    );
  });

  it('keeps what an edit does not move as the same object', () => {
    const doc = new StoredDocument(URI, 'cpp', 1, source);
    const last = result.findings[result.findings.length - 1];
    // One character typed on the last finding's line, after it: nothing moves.
    const line = last.range.endLine;
    const edit = doc.apply({ range: { start: { line, character: 200 }, end: { line, character: 200 } }, text: 'x' });
    const diagnostic = findingToDiagnostic(result.findings[0]);
    assert.equal(movedDiagnostic(diagnostic, URI, [edit]), diagnostic);
    assert.equal(movedFinding(result.findings[0], [edit]), result.findings[0]);
    assert.equal(movedSite(result.sites[0], [edit]), result.sites[0]);
  });

  it('merges like a stable sort of the concatenation', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(20)), fc.array(fc.nat(20)), (a, b) => {
        const kept = [...a].sort((x, y) => x - y).map((n, i) => ({ n, from: `k${i}` }));
        const added = b.map((n, i) => ({ n, from: `a${i}` }));
        const compare = (x: { n: number }, y: { n: number }): number => x.n - y.n;
        assert.deepEqual(mergeSorted(kept, added, compare), [...kept, ...added].sort(compare));
      }),
      { numRuns: 100, seed: propertySeed('merge sorted') },
    );
  });
});
