// The reduced document of a keystroke keeps the helpers the edited function's calls reach as the tracker resolves
// them (lsp/call-reach.ts): methods of one name in several classes, a helper called from several functions, calls
// through members and references. After random edits anywhere (helpers called elsewhere included) and the callers
// re-check a pause starts, the result equals a whole-file analysis of the new text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { propertySeed } from '../harness/seed';
import { StoredDocument } from '../../server/src/parse/document-store';
import { recheckCallers } from '../../server/src/lsp/caller-recheck';
import { keptSpanIndices } from '../../server/src/lsp/function-spans';
import { analyzeEditedFunction, analyzeFile, type DocumentFacts } from '../../server/src/lsp/incremental-analysis';

const URI = 'file:///call-reach.cpp';

/** Two classes with methods of the same names, a shared free helper, and callers through members and references. */
const SOURCE = `#include <d3d12.h>
#include "d3dx12.h"

class Texture
{
public:
    ID3D12Resource* m_res;
    void transition(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES after);
    void clear(ID3D12GraphicsCommandList* cl);
};

class Buffer
{
public:
    ID3D12Resource* m_res;
    void transition(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES after);
    void clear(ID3D12GraphicsCommandList* cl)
    {
        transition(cl, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    }
};

struct Frame
{
    Texture color;
    Buffer counters;
};

static void Move(ID3D12GraphicsCommandList* cl, ID3D12Resource* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(r, before, after);
    cl->ResourceBarrier(1, &b);
}

void Texture::transition(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES after)
{
    Move(cl, m_res, D3D12_RESOURCE_STATE_COPY_DEST, after);
}

void Buffer::transition(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES after)
{
    Move(cl, m_res, D3D12_RESOURCE_STATE_COMMON, after);
}

void Texture::clear(ID3D12GraphicsCommandList* cl)
{
    transition(cl, D3D12_RESOURCE_STATE_RENDER_TARGET);
}

void Upload(ID3D12GraphicsCommandList* cl, Texture& tex)
{
    tex.transition(cl, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    cl->DrawInstanced(3, 1, 0, 0);
}

void Record(ID3D12GraphicsCommandList* cl, Frame& frame, Buffer* extra)
{
    frame.color.clear(cl);
    extra->transition(cl, D3D12_RESOURCE_STATE_COPY_DEST);
    Upload(cl, frame.color);
    Move(cl, frame.counters.m_res, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_SOURCE);
    Move(cl, frame.counters.m_res, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COMMON);
}

void Unrelated(int count)
{
    for (int i = 0; i < count; i++) { clear(nullptr); }
}
`;

function view(r: DocumentFacts): unknown {
  return {
    findings: r.findings.map((f) => `${f.range.startLine}:${f.range.startColumn}-${f.range.endLine}:${f.range.endColumn} ${f.rule} ${f.message}`).sort(),
    sites: r.sites.map((s) => `${s.line}:${s.column}-${s.endLine}:${s.endColumn} ${s.kind} ${JSON.stringify(s.fields)}`).sort(),
  };
}

describe('the helpers a keystroke re-analysis keeps (call-reach)', () => {
  it('keeps a member call\'s resolved method, not every method of its name', () => {
    const doc = new StoredDocument(URI, 'cpp', 1, SOURCE);
    const first = analyzeFile(doc, {});
    assert.ok(first.findings.length > 0, 'the source has findings');
    const lines = SOURCE.split('\n');
    const textOf = (r: { startLine: number; endLine: number }): string => lines.slice(r.startLine, r.endLine + 1).join('\n');
    const record = first.spans.find((s) => s.name === 'Record')!;
    const upload = first.spans.find((s) => s.name === 'Upload')!;
    // Record's own calls are read by name (its text is being edited): both clear() and both transition().
    const kept = keptSpanIndices(first.spans, record, textOf, first.calls).keep;
    assert.equal([...kept].filter((i) => first.spans[i].name === 'transition').length, 2);
    // Upload is a helper: its `tex.transition(…)` on a Texture resolves to Texture::transition alone.
    const named = (focus: typeof record): string[] => [...keptSpanIndices(first.spans, focus, textOf, first.calls).keep]
      .map((i) => first.spans[i]).filter((s) => s !== focus).map((s) => `${s.name}@${s.range.startLine}`).sort();
    const viaUpload = named(first.spans.find((s) => s.name === 'Unrelated')!);
    assert.ok(viaUpload.length >= 1);
    const transitions = first.spans.filter((s) => s.name === 'transition');
    const fromUpload = keptSpanIndices(first.spans, upload, textOf, first.calls).keep;
    assert.equal(transitions.filter((s) => fromUpload.has(first.spans.indexOf(s))).length, 2, 'the edited function: by name');
    const uploadCalls = first.calls?.get(first.spans.indexOf(upload));
    assert.deepEqual(uploadCalls?.resolved.map((i) => first.spans[i].range.startLine), [transitions.find((s) => SOURCE.split('\n')[s.range.startLine].includes('Texture::'))!.range.startLine]);
  });

  it('does not take a function\'s own name in its signature for a call (other classes\' methods of that name stay out)', () => {
    // Three classes with a `render` method each; only Sky::render calls a `render` (the overload taking a count).
    const source = `#include <d3d12.h>
#include "d3dx12.h"

static void Move(ID3D12GraphicsCommandList* cl, ID3D12Resource* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(r, before, after);
    cl->ResourceBarrier(1, &b);
}

struct Shadow { ID3D12Resource* map; void prepare(ID3D12GraphicsCommandList* cl); void render(ID3D12GraphicsCommandList* cl); };
struct Water { ID3D12Resource* normals; void render(ID3D12GraphicsCommandList* cl); };
struct Sky { ID3D12Resource* cube; void render(ID3D12GraphicsCommandList* cl); void render(ID3D12GraphicsCommandList* cl, int layers); };

void Shadow::prepare(ID3D12GraphicsCommandList* cl)
{
    Move(cl, map, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_DEPTH_WRITE);
}

void Shadow::render(ID3D12GraphicsCommandList* cl)
{
    prepare(cl);
    cl->DrawInstanced(3, 1, 0, 0);
}

void Water::render(ID3D12GraphicsCommandList* cl)
{
    Move(cl, normals, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
}

void Sky::render(ID3D12GraphicsCommandList* cl, int layers)
{
    for (int i = 0; i < layers; i++) cl->DrawInstanced(36, 1, 0, 0);
}

void Sky::render(ID3D12GraphicsCommandList* cl)
{
    Move(cl, cube, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    render(cl, 6);
}
`;
    const doc = new StoredDocument(URI, 'cpp', 1, source);
    let previous: DocumentFacts = analyzeFile(doc, {});
    const lines = source.split('\n');
    const textOf = (r: { startLine: number; endLine: number }): string => lines.slice(r.startLine, r.endLine + 1).join('\n');
    const renders = previous.spans.filter((s) => s.name === 'render');
    assert.equal(renders.length, 4);
    const label = (i: number): string => `${previous.spans[i].name}@${lines[previous.spans[i].range.startLine].replace(/\(.*/, '')}`;
    const kept = (focus: (typeof renders)[number], byGraph = true): string[] =>
      [...keptSpanIndices(previous.spans, focus, textOf, byGraph ? previous.calls : undefined, byGraph).keep].filter((i) => previous.spans[i] !== focus).map(label).sort();
    const water = renders.find((s) => lines[s.range.startLine].includes('Water::'))!;
    const shadow = renders.find((s) => lines[s.range.startLine].includes('Shadow::'))!;
    const sky = renders.find((s) => lines[s.range.startLine].includes('Sky::') && !lines[s.range.startLine].includes('layers'))!;
    // By the graph of the last analysis and by name alike: Water::render reaches Move, nothing named render.
    assert.deepEqual(kept(water), ['Move@static void Move']);
    assert.deepEqual(kept(water, false), ['Move@static void Move']);
    assert.deepEqual(kept(shadow), ['Move@static void Move', 'prepare@void Shadow::prepare']);
    // A call of its own name in the body (the overload) is a call: by name, every render is kept.
    assert.deepEqual(kept(sky, false).filter((s) => s.startsWith('render@')).length, 3);
    assert.ok(!previous.calls?.get(previous.spans.indexOf(water))?.byName.includes('render'), 'the signature is no call left without an event');
    // Keystrokes in each render take the function path and answer as a whole-file analysis.
    for (const [owner, needle] of [['Water::', 'D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL'], ['Shadow::', 'prepare(cl);'], ['Sky::render(ID3D12GraphicsCommandList* cl)', 'render(cl, 6);']]) {
      for (const text of ['// x\n    ', '']) {
        const focus = previous.spans.find((s) => s.name === 'render' && doc.text.split('\n')[s.range.startLine].includes(owner))!;
        const at = doc.text.indexOf(needle, doc.offsetAt({ line: focus.range.startLine, character: 0 }));
        doc.version++;
        // Typed, then taken back (the comment and its line break).
        doc.apply(text ? { range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text } : { range: { start: doc.positionAt(at - 9), end: doc.positionAt(at) }, text });
        const typed = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true });
        assert.equal(typed?.mode, 'function', `typing ${JSON.stringify(text)} in ${owner}`);
        previous = typed!;
        assert.deepEqual(view(previous), view(analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {})));
      }
    }
  });

  it('equals a whole-file analysis after random edits in any function and the callers re-check', () => {
    const pieces = [' ', '\n', 'x', ';', 'D3D12_RESOURCE_STATE_COPY_DEST', 'D3D12_RESOURCE_STATE_COMMON, ', 'transition(cl, D3D12_RESOURCE_STATE_COMMON);', '//'];
    let functionPath = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.nat(2), fc.constantFrom(...pieces)), { minLength: 1, maxLength: 6 }), (edits) => {
        const doc = new StoredDocument(URI, 'cpp', 1, SOURCE);
        let previous: DocumentFacts = analyzeFile(doc, {});
        for (const [pick, removed, text] of edits) {
          const spans = previous.spans;
          const s = spans[pick % spans.length];
          const from = doc.offsetAt({ line: s.bodyStart.line, character: s.bodyStart.column });
          const to = doc.offsetAt({ line: s.range.endLine, character: s.range.endColumn - 1 });
          const at = from + ((pick >> 4) % Math.max(1, to - from));
          doc.version++;
          doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(Math.min(at + removed, to)) }, text });
          const typed = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true });
          if (typed) functionPath++;
          // The pause after typing: the callers of the edited functions are analysed again (or the whole file).
          previous = (typed && recheckCallers(doc, {}, typed)) ?? analyzeFile(doc, {});
          assert.deepEqual(view(previous), view(analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {})), `after ${JSON.stringify(edits)}`);
        }
      }),
      { numRuns: Number(process.env.BARRIERLINT_RUNS ?? 40), seed: propertySeed('call-reach = whole file') },
    );
    assert.ok(functionPath > 20, `only ${functionPath} edits took the function path`);
  });
});
