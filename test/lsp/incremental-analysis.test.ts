// Function-by-function re-analysis: after edits inside one function body, the merged result equals a whole-file
// analysis of the new text (random edits on generated and fixture code), and the cases it must refuse fall back.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { propertySeed } from '../harness/seed';
import { StoredDocument } from '../../server/src/parse/document-store';
import { analyzeEditedFunction, analyzeFile, prepareFunction, reductionStats, takeEditsForFile, type DocumentFacts } from '../../server/src/lsp/incremental-analysis';
import { barrierHeavyFile } from '../bench/barrier-file';
import { functionCacheStats } from '../../server/src/extract/function-cache';
import { EDITOR_FIXTURE } from '../harness/lsp-client';

const URI = 'file:///incremental.cpp';
const HELPERS = `
void Transition(ID3D12GraphicsCommandList7* cl, ID3D12Resource* r, D3D12_BARRIER_LAYOUT before, D3D12_BARRIER_LAYOUT after)
{
    CD3DX12_TEXTURE_BARRIER b(D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_SYNC_ALL,
        D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_COMMON, before, after, r, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &b);
    cl->Barrier(1, &g);
}

void UsesHelper(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex)
{
    Transition(cl, tex, D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE);
}
`;

/** Engine code has lines the grammar only recovers from (`const T &name(expr);` reads as a broken declaration). */
const UNREADABLE = `
void Bind(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex, const Data& data, int s, int i)
{
    const Binding &binding(data.bindings[s][i]);
    CD3DX12_TEXTURE_BARRIER b(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING,
        D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
        D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &b);
    cl->Barrier(1, &g);
}
`;

/**
 * Function templates whose header is a line of its own (the function's range starts at the declarator), followed
 * by a preprocessor block: a reduced document that empties such a function must empty its header too, or the
 * header binds to what follows and the rest of the file does not parse (all of it went to the whole-file path).
 */
const TEMPLATES = `
template <typename T>
T* Unwrap(T* p)
{
    return p;
}

template<typename T>
void TransitionTo(ID3D12GraphicsCommandList* cl, T* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = r;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = before;
    b.Transition.StateAfter = after;
    cl->ResourceBarrier(1, &b);
}

#ifdef WITH_COPIES
void CopyThrough(ID3D12GraphicsCommandList* cl, ID3D12Resource* tex)
{
    TransitionTo(cl, Unwrap(tex), D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    TransitionTo(cl, Unwrap(tex), D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_SOURCE);
}
#endif
`;

/**
 * More shapes a reduced document must empty or read right: a constructor whose member initializers use braces (its
 * first `{` is not its body's), digit separators (`0xffff'ffff`: not a character literal), a template header on the
 * function's own line, a macro read as a function that ends in `};` (a test framework's class), and a method on the
 * line of its class (it cannot be emptied: kept).
 */
const SHAPES = `
class Pass
{
public:
    Pass(ID3D12Device* device, ID3D12Resource* target);
    void Record(ID3D12GraphicsCommandList* cl);
private:
    ID3D12Resource* target_;
    UINT mask_;
};

Pass::Pass(ID3D12Device* device, ID3D12Resource* target) :
    target_{ target },
    mask_{ 0xffff'ffff }
{
    (void)device;
}

template <typename T> void Touch(ID3D12GraphicsCommandList* cl, T* r)
{
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    b.UAV.pResource = r;
    cl->ResourceBarrier(1, &b);
}

void Pass::Record(ID3D12GraphicsCommandList* cl)
{
    UINT clear[4] = { 0x0000'0000, 0, 0, 0 };
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = target_;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_COMMON;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_DEST;
    cl->ResourceBarrier(1, &b);
    cl->ResourceBarrier(1, &b);
    (void)clear;
}

struct HandleCloser { void operator()(HANDLE h) { if (h) CloseHandle(h); } };

TEST_SUITE(Passes)
{
    void Run(ID3D12GraphicsCommandList* cl, Pass& pass) { pass.Record(cl); }
};
`;

/** Comparable view of a result: findings and sites by position, rule and text. */
function view(r: DocumentFacts): unknown {
  return {
    findings: r.findings.map((f) => `${f.range.startLine}:${f.range.startColumn}-${f.range.endLine}:${f.range.endColumn} ${f.rule} ${f.message}`).sort(),
    sites: r.sites.map((s) => `${s.line}:${s.column}-${s.endLine}:${s.endColumn} ${s.kind} ${JSON.stringify(s.fields)}`).sort(),
  };
}

function bodyOffsets(text: string, spans: DocumentFacts['spans']): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const out: number[] = [];
  for (const s of spans) {
    const from = starts[s.bodyStart.line] + s.bodyStart.column;
    const to = starts[s.range.endLine] + s.range.endColumn - 1;
    for (let o = from; o < to; o++) out.push(o);
  }
  return out;
}

/**
 * Types each piece before its needle in turn, as the language server would (the function path, else the whole file),
 * checks which path it took and that the result equals a whole-file analysis of the text; returns the first result.
 */
function typeInTurn(source: string, steps: readonly (readonly [needle: string, text: string, path: 'function' | 'file'])[]): DocumentFacts {
  const doc = new StoredDocument(URI, 'cpp', 1, source);
  const first = analyzeFile(doc, {});
  assert.equal(first.parseErrors.length, 0);
  let previous = first;
  for (const [needle, text, path] of steps) {
    const at = doc.text.indexOf(needle);
    doc.version += 1;
    doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text });
    const merged = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true });
    assert.equal(merged?.mode ?? 'file', path, `typing ${JSON.stringify(text)} at ${needle}`);
    previous = merged ?? analyzeFile(doc, {});
    assert.deepEqual(view(previous), view(analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {})));
  }
  return first;
}

describe('function-by-function re-analysis', () => {
  for (const [name, source] of [
    ['generated passes', barrierHeavyFile(120)],
    ['editor fixture with a helper', readFileSync(EDITOR_FIXTURE, 'utf8') + HELPERS],
    ['editor fixture with a line the grammar cannot read', readFileSync(EDITOR_FIXTURE, 'utf8') + UNREADABLE + HELPERS],
    ['editor fixture with constructors, digit separators, one-line template headers and `};`', SHAPES + readFileSync(EDITOR_FIXTURE, 'utf8') + HELPERS],
    ['editor fixture with function templates', TEMPLATES + readFileSync(EDITOR_FIXTURE, 'utf8') + HELPERS + TEMPLATES.replace(/Unwrap|TransitionTo|CopyThrough/g, '$&2')],
  ] as const) {
    it(`equals a whole-file analysis after random edits inside one function (${name})`, () => {
      const base = new StoredDocument(URI, 'cpp', 1, source);
      const first = analyzeFile(base, {});
      const pieces = [' ', 'x', '\n', '中', '😀', ';', '(', '}', 'D3D12_BARRIER_SYNC_NONE', 'ALL', '//'];
      let incremental = 0;
      fc.assert(
        fc.property(fc.nat(), fc.array(fc.tuple(fc.nat(40), fc.nat(3), fc.constantFrom(...pieces)), { minLength: 1, maxLength: 4 }), (pick, edits) => {
          const doc = new StoredDocument(URI, 'cpp', 1, source);
          const offsets = bodyOffsets(source, first.spans);
          let at = offsets[pick % offsets.length];
          for (const [delta, removed, text] of edits) {
            at = Math.min(at + delta, doc.text.length);
            doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(at + removed) }, text });
          }
          const merged = analyzeEditedFunction(doc, {}, first);
          if (!merged) return;
          incremental++;
          const fresh = analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {});
          assert.deepEqual(view(merged), view(fresh));
        }),
        // NOTE: most random edits break the syntax, and a function that does not parse is analysed as part of the whole
        // file (incremental-analysis.ts): about one run in five takes the function path.
        // (the templates' and shapes' sources have more functions called elsewhere, which fall back without ignoreCallers: more runs)
        { numRuns: Number(process.env.BARRIERLINT_RUNS ?? (name.includes('templates') || name.includes('constructors') ? 240 : 120)), seed: propertySeed('incremental = whole file') },
      );
      assert.ok(incremental > 15, `only ${incremental} runs took the function path`);
    });
  }

  for (const eol of ['\n', '\r\n']) it(`keystroke after keystroke in one function (the reduced tree is edited and re-parsed) equals a whole-file analysis (${JSON.stringify(eol)} line ends)`, () => {
    // A CRLF document's reduced copy (LF line ends, as reducedDocument makes it) is edited too, not re-made.
    const source = (barrierHeavyFile(60) + HELPERS).replace(/\n/g, eol);
    const reusedBefore = reductionStats.reused;
    const doc = new StoredDocument(URI, 'cpp', 1, source);
    let previous: DocumentFacts = analyzeFile(doc, {});
    // Typing in one function, then in others (before and after it, and in the helper it calls), then back.
    const marks = ['cl->Barrier(', 'cl->Barrier(', 'CD3DX12_BARRIER_GROUP g(1, &b);', 'cl->Barrier('];
    const froms = [source.length / 2, source.length / 5, 0, source.length / 2];
    let functionPath = 0;
    const typed = ['D', '3', 'D', '1', '2', ';', eol, ' ', 'x', '(', ')', ';', eol, '}', '{', '/', '/', ' ', 'y', eol];
    let at = 0;
    typed.forEach((piece, i) => {
      doc.version = i + 2;
      if (i % 5 === 0) {
        const m = i / 5;
        at = doc.text.indexOf(marks[m], m === 3 ? doc.text.length / 2 : froms[m]);
      }
      doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text: piece });
      at += piece.length;
      const merged = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true }) ?? analyzeFile(doc, {});
      if (merged.mode === 'function') functionPath++;
      const fresh = analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {});
      assert.deepEqual(view(merged), view(fresh), `after typing ${JSON.stringify(typed.slice(0, i + 1).join(''))}`);
      previous = merged;
    });
    assert.ok(functionPath >= 8, `only ${functionPath} keystrokes took the function path`);
    assert.ok(reductionStats.reused - reusedBefore >= 5, `the reduced tree was edited ${reductionStats.reused - reusedBefore} times`);
  });

  /**
   * A document of the barrier-heavy file and `type(mark, from, piece)`: `piece` typed at the first `mark` from offset
   * `from`, analysed on the function path (checked equal to a whole-file analysis); returns how many reduced copies
   * were made fresh and edited. `state.previous` is the base of the next keystroke (a test sets it: a pause).
   */
  const typist = () => {
    const source = barrierHeavyFile(60) + HELPERS;
    const doc = new StoredDocument(URI, 'cpp', 1, source);
    const state: { previous: DocumentFacts } = { previous: analyzeFile(doc, {}) };
    const counts = (): [number, number] => [reductionStats.fresh, reductionStats.reused];
    const type = (mark: string, from: number, piece: string): [number, number] => {
      const before = counts();
      const at = doc.text.indexOf(mark, from);
      doc.version += 1;
      doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text: piece });
      const merged = analyzeEditedFunction(doc, {}, state.previous, { ignoreCallers: true });
      assert.equal(merged?.mode, 'function', `typing ${JSON.stringify(piece)} at ${mark}`);
      assert.deepEqual(view(merged!), view(analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {})), `after typing ${JSON.stringify(piece)}`);
      state.previous = merged!;
      const after = counts();
      return [after[0] - before[0], after[1] - before[1]];
    };
    return { source, doc, state, type };
  };

  it('typing resumed after a pause edits the reduced tree kept from before it; an edit the whole-file analysis consumed drops it', () => {
    const { source, doc, state, type } = typist();
    const middle = source.length / 2;
    assert.deepEqual(type('cl->Barrier(', middle, ' '), [1, 0], 'the first keystroke parses a new reduced copy');
    assert.deepEqual(type('cl->Barrier(', middle, ' '), [0, 1], 'typing on edits it');
    // A pause: the whole-file analysis of the same text (in this document, as the bench runs it) becomes the base.
    state.previous = analyzeFile(doc, {});
    assert.deepEqual(type('cl->Barrier(', middle, ' '), [0, 1], 'typing resumed in the same function edits the kept tree');
    // The language server's pause: its background thread analyses a copy of the text; the document's edits are taken.
    state.previous = analyzeFile(new StoredDocument(URI, 'cpp', doc.version, doc.text), {});
    takeEditsForFile(doc);
    assert.deepEqual(type('cl->Barrier(', source.length / 5, ' '), [0, 1], 'typing resumed in another function edits it too');
    // An edit the whole-file analysis consumed (outside every function here) is not in the kept tree: it is dropped.
    doc.version += 1;
    doc.apply({ range: { start: doc.positionAt(0), end: doc.positionAt(0) }, text: '\n' });
    state.previous = analyzeFile(doc, {});
    assert.deepEqual(type('cl->Barrier(', middle, ' '), [1, 0], 'after an edit the whole-file analysis took, a new reduced copy');
  });

  it('the first keystroke after a whole-file analysis edits the reduced tree prepared while nothing was asked, in the prepared function or another', () => {
    const { source, doc, state, type } = typist();
    const prepared = reductionStats.prepared;
    assert.equal(prepareFunction(doc, {}, state.previous), false, 'after opening, no function was typed in: none is prepared');
    assert.equal(prepareFunction(doc, {}, state.previous, { largest: true }), true, 'with `largest`, the one keeping the most lines');
    assert.equal(reductionStats.prepared, prepared + 1);
    assert.equal(prepareFunction(doc, {}, state.previous, { largest: true }), false, 'once: the document has its reduced tree');
    assert.deepEqual(type('cl->Barrier(', source.length / 2, ' '), [0, 1], 'the first keystroke edits the prepared tree');
    assert.equal(prepareFunction(doc, {}, state.previous), false, 'not on a function-only result');
    // An edit outside every function: the whole-file analysis takes it and drops the tree; pending edits refuse it.
    doc.version += 1;
    doc.apply({ range: { start: doc.positionAt(0), end: doc.positionAt(0) }, text: '\n' });
    const whole = analyzeFile(new StoredDocument(URI, 'cpp', doc.version, doc.text), {});
    assert.equal(prepareFunction(doc, {}, whole), false, 'not while the document has edits the result did not take');
    state.previous = analyzeFile(doc, {});
    assert.equal(prepareFunction(doc, {}, state.previous), true, 'the function typed in last, once the whole file took the edit');
    assert.deepEqual(type('cl->Barrier(', source.length / 5, ' '), [0, 1], 'a keystroke in another function edits it too');
  });

  it('prepares the function under the cursor in several analyses (the second reuses the helpers the first kept), and again when the cursor moves to another', () => {
    const { source, doc, state, type } = typist();
    const lineOf = (mark: string, from: number): number => doc.positionAt(doc.text.indexOf(mark, from)).line;
    const [middle, fifth] = [lineOf('cl->Barrier(', source.length / 2), lineOf('cl->Barrier(', source.length / 5)];
    const prepared = reductionStats.prepared;
    const reused = functionCacheStats.reused;
    assert.equal(prepareFunction(doc, {}, state.previous, { line: middle }), true, 'after opening, the function under the cursor');
    assert.equal(reductionStats.prepared, prepared + 1);
    assert.ok(functionCacheStats.reused > reused, 'the second analysis reused the helpers the first kept');
    assert.equal(prepareFunction(doc, {}, state.previous, { line: middle }), false, 'once for that function');
    assert.equal(prepareFunction(doc, {}, state.previous, { line: 0 }), false, 'the cursor outside every function: the kept tree stays');
    assert.equal(prepareFunction(doc, {}, state.previous, { line: fifth, rounds: 1 }), true, 'the cursor moved to another function: that one');
    assert.deepEqual(type('cl->Barrier(', source.length / 5, ' '), [0, 1], 'the first keystroke there edits the tree prepared for it');
    assert.deepEqual(type('cl->Barrier(', source.length / 5, ' '), [0, 1], 'and typing on');
  });

  it('keeps the function path in a function with a line tree-sitter cannot read, and falls back when an edit adds a syntax error', () => {
    // The whole file parses with that line's error too, so an edit elsewhere in the function is analysed alone.
    const source = readFileSync(EDITOR_FIXTURE, 'utf8') + UNREADABLE + HELPERS;
    const doc = new StoredDocument(URI, 'cpp', 1, source);
    let previous: DocumentFacts = analyzeFile(doc, {});
    assert.ok(previous.parseErrors.length > 0, 'the fixture line is a syntax error for the grammar');
    const type = (needle: string, text: string, version: number): DocumentFacts | undefined => {
      const at = doc.text.indexOf(needle);
      doc.version = version;
      doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text });
      return analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true });
    };
    // Above the unreadable line (it moves), on it (its text changes: whole file), and after it.
    for (const [needle, text, path] of [
      ['    const Binding &', '\n', 'function'], ['cl->Barrier(1, &g);', ' ', 'function'], ['binding(data', ' ', 'file'],
      ['D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex', 'D3D12_BARRIER_SYNC_NONE; ', 'file'],
    ] as const) {
      const merged = type(needle, text, doc.version + 1);
      assert.equal(merged?.mode ?? 'file', path, `typing ${JSON.stringify(text)} at ${needle}`);
      const next = merged ?? analyzeFile(doc, {});
      assert.deepEqual(view(next), view(analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {})));
      previous = next;
    }
  });

  it('empties a function template with its header line: typing elsewhere keeps the function path, also keystroke after keystroke', () => {
    // In the fixture (the templates dropped), in the template's caller (kept), in a template (the others dropped), and back.
    typeInTurn(TEMPLATES + readFileSync(EDITOR_FIXTURE, 'utf8') + HELPERS, [
      ['cl->Barrier(1, &group);', ' ', 'function'], ['cl->Barrier(1, &group);', ' ', 'function'],
      ['TransitionTo(cl, Unwrap(tex), D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_SOURCE', 'x', 'function'],
      ['    return p;', ' ', 'function'], ['cl->Barrier(1, &group);', ' ', 'function'],
    ]);
  });

  it('reads a constructor\'s body after its brace initializers, digit separators, one-line template headers and `};` (function path)', () => {
    const first = typeInTurn(SHAPES + readFileSync(EDITOR_FIXTURE, 'utf8') + HELPERS, [
      ['cl->Barrier(1, &group);', ' ', 'function'], ['    (void)device;', ' ', 'function'], ['    (void)clear;', ' ', 'function'],
      ['    b.UAV.pResource = r;', ' ', 'function'], ['{ pass.Record(cl); }', ' ', 'function'], ['mask_{ 0xffff', ' ', 'file'],
      ['cl->Barrier(1, &group);', ' ', 'function'],
    ]);
    assert.deepEqual(first.spans.find((s) => s.name === 'Pass')?.bodyStart, { line: 14, column: 1 }, 'the body, not `target_{`');
  });

  it('falls back to the whole file for edits outside a body, in a called helper, or with no previous result', () => {
    const source = readFileSync(EDITOR_FIXTURE, 'utf8') + HELPERS;
    const first = analyzeFile(new StoredDocument(URI, 'cpp', 1, source), {});
    const edit = (needle: string, text: string, shift = 0): StoredDocument => {
      const doc = new StoredDocument(URI, 'cpp', 1, source);
      const at = source.indexOf(needle) + shift;
      doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text });
      return doc;
    };
    assert.equal(analyzeEditedFunction(edit('void UsesHelper', '\n'), {}, first), undefined, 'between functions');
    assert.equal(analyzeEditedFunction(edit('CD3DX12_BARRIER_GROUP g(1, &b);', ' '), {}, first), undefined, 'in a helper called elsewhere');
    assert.equal(analyzeEditedFunction(edit('cl->Barrier(1, &group);', ' '), {}, undefined), undefined, 'no previous result');
    assert.equal(analyzeEditedFunction(edit('cl->Barrier(1, &group);', ' '), {}, first)?.mode, 'function');
  });
});
