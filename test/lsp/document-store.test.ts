// The document store: LSP incremental edits applied to text (clamped, UTF-16) and turned into tree-sitter edits
// that keep an incrementally re-parsed tree identical to a fresh parse.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { propertySeed } from '../harness/seed';
import Parser from 'tree-sitter';
import Cpp from 'tree-sitter-cpp';
import { DocumentStore, StoredDocument, type TextChange } from '../../server/src/parse/document-store';

const SOURCE = [
  'void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex)',
  '{',
  '    // 中文注释 😀 before the barrier',
  '    CD3DX12_TEXTURE_BARRIER b(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_ALL,',
  '        D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,',
  '        D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex,',
  '        CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));',
  '}',
  '',
].join('\r\n');

function parser(): Parser {
  const p = new Parser();
  p.setLanguage(Cpp as unknown as Parser.Language);
  return p;
}

describe('document store', () => {
  it('maps positions in UTF-16 code units across Chinese text and emoji', () => {
    const doc = new StoredDocument('file:///a.cpp', 'cpp', 1, SOURCE);
    const barrierLine = SOURCE.split('\r\n')[3];
    const offset = doc.offsetAt({ line: 3, character: 4 });
    assert.equal(SOURCE.slice(offset, offset + 7), 'CD3DX12');
    assert.deepEqual(doc.positionAt(offset + barrierLine.length - 4), { line: 3, character: barrierLine.length });
    const emoji = SOURCE.indexOf('😀');
    assert.deepEqual(doc.positionAt(emoji + 2), { line: 2, character: 14 });
  });

  it('clamps edits past the end of a line or of the document', () => {
    const doc = new StoredDocument('file:///a.cpp', 'cpp', 1, 'ab\ncd');
    doc.apply({ range: { start: { line: 0, character: 50 }, end: { line: 0, character: 60 } }, text: 'X' });
    assert.equal(doc.text, 'abX\ncd');
    doc.apply({ range: { start: { line: 9, character: 0 }, end: { line: 12, character: 3 } }, text: '!' });
    assert.equal(doc.text, 'abX\ncd!');
    doc.apply({ range: { start: { line: 1, character: 1 }, end: { line: 0, character: 1 } }, text: '-' });
    assert.equal(doc.text, 'a-d!');
  });

  it('refuses changes to unknown documents and older versions', () => {
    const store = new DocumentStore();
    store.open('file:///a.cpp', 'cpp', 3, 'x');
    assert.equal(store.change('file:///b.cpp', 4, [{ text: 'y' }]), 'unknown-document');
    assert.equal(store.change('file:///a.cpp', 3, [{ text: 'y' }]), 'stale-version');
    const malformed = [{ range: { start: { line: 0, character: 'x' }, end: { line: 0, character: 0 } }, text: 'z' }];
    assert.equal(store.change('file:///a.cpp', 4, malformed as unknown as TextChange[]), 'invalid-change');
    assert.equal(store.change('file:///a.cpp', 4, [{ text: 5 }] as unknown as TextChange[]), 'invalid-change');
    assert.equal(store.get('file:///a.cpp')?.text, 'x');
    assert.equal(store.change('file:///a.cpp', 4, [{ text: 'y' }]), 'applied');
    assert.equal(store.get('file:///a.cpp')?.text, 'y');
  });

  it('keeps the line index and an incrementally re-parsed tree identical to fresh ones (random edits)', () => {
    const p = parser();
    const pieces = ['x', ' ', '\n', '中', '😀', ');', '{', '}', 'D3D12_BARRIER_SYNC_ALL', '\r\n', '//'];
    const changeArb = fc.record({
      line: fc.nat(10),
      character: fc.nat(90),
      endLine: fc.nat(10),
      endCharacter: fc.nat(90),
      text: fc.array(fc.constantFrom(...pieces), { maxLength: 4 }).map((a) => a.join('')),
    });
    fc.assert(
      fc.property(fc.boolean(), fc.array(changeArb, { minLength: 1, maxLength: 6 }), (lf, changes) => {
        const doc = new StoredDocument('file:///a.cpp', 'cpp', 1, lf ? SOURCE.replace(/\r\n/g, '\n') : SOURCE);
        let tree = p.parse(doc.text);
        doc.tree = tree;
        for (const c of changes) {
          const change: TextChange = {
            range: { start: { line: c.line, character: c.character }, end: { line: c.endLine, character: c.endCharacter } },
            text: c.text,
          };
          doc.apply(change);
          tree = p.parse(doc.text, tree);
          doc.tree = tree;
        }
        assert.equal(tree.rootNode.toString(), p.parse(doc.text).rootNode.toString());
        const fresh = new StoredDocument('file:///a.cpp', 'cpp', 1, doc.text);
        for (let k = 0; k <= doc.text.length; k += 7) assert.deepEqual(doc.positionAt(k), fresh.positionAt(k));
        assert.equal(tree.rootNode.endIndex, doc.text.length);
      }),
      { numRuns: 200, seed: propertySeed('incremental parse = full parse') },
    );
  });
});
