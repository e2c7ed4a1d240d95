// The per-function caches a keystroke reuses (extract/function-cache.ts: a function's facts kept with what it read
// of the file; extract/subtree-reuse.ts: mirrored subtrees) never change what the editor shows. One document is typed
// with the caches on and a copy of it with them off, keystroke after keystroke, as the language server types (the
// function path, else the whole file); after every keystroke both results are equal, and every result of the
// function path equals a fresh whole-file analysis with the caches off. The sequences mix edits inside helpers other
// functions call (the callers' kept facts read what the helper's did), edits that change what a helper does (a
// barrier commented out, a state changed: its summary), edits in declarations outside every body (a member's
// type, a constant), and random keystrokes anywhere.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { propertySeed } from '../harness/seed';
import { withSwitches } from '../harness/env-switch';
import { StoredDocument } from '../../server/src/parse/document-store';
import { analyzeEditedFunction, analyzeFile, type DocumentFacts } from '../../server/src/lsp/incremental-analysis';
import { functionCacheStats } from '../../server/src/extract/function-cache';
import { extractFacts } from '../../server/src/extract/extract';
import { parseCpp } from '../../server/src/parse/parser';

const CACHES = ['BARRIERLINT_FN_CACHE', 'BARRIERLINT_SUBTREE_REUSE'];
const URI = 'file:///keystroke-caches.cpp';

/** A class whose methods share members, a helper several functions call, and one that records through it. */
const SOURCE = `
static const UINT kFrames = 2;

class Renderer
{
public:
    void Init(ID3D12Device* device);
    void Record(ID3D12GraphicsCommandList* cl);
    void Present(ID3D12GraphicsCommandList* cl);
private:
    void Transition(ID3D12GraphicsCommandList* cl, ID3D12Resource* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after);
    ID3D12Resource* m_target;
    ID3D12Resource* m_back[kFrames];
    bool m_inCopy;
    UINT m_frame;
};

void Renderer::Transition(ID3D12GraphicsCommandList* cl, ID3D12Resource* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = r;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = before;
    b.Transition.StateAfter = after;
    cl->ResourceBarrier(1, &b);
}

void Renderer::Init(ID3D12Device* device)
{
    D3D12_HEAP_PROPERTIES heap = { D3D12_HEAP_TYPE_DEFAULT };
    D3D12_RESOURCE_DESC desc = {};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr, IID_PPV_ARGS(&m_target));
    m_inCopy = false;
}

void Renderer::Record(ID3D12GraphicsCommandList* cl)
{
    Transition(cl, m_target, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    if (!m_inCopy)
    {
        Transition(cl, m_target, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
        m_inCopy = true;
    }
    cl->DrawInstanced(3, 1, 0, 0);
    Transition(cl, m_target, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COMMON);
}

void Renderer::Present(ID3D12GraphicsCommandList* cl)
{
    Transition(cl, m_back[m_frame], D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    cl->DrawInstanced(3, 1, 0, 0);
    Transition(cl, m_back[m_frame], D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT);
    Record(cl);
}

void CopyPass(ID3D12GraphicsCommandList* cl, ID3D12Resource* src, ID3D12Resource* dst)
{
    D3D12_RESOURCE_BARRIER b[2] = {};
    b[0].Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b[0].Transition.pResource = src;
    b[0].Transition.StateBefore = D3D12_RESOURCE_STATE_COMMON;
    b[0].Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
    b[1] = b[0];
    b[1].Transition.pResource = dst;
    b[1].Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_DEST;
    cl->ResourceBarrier(2, b);
    cl->CopyResource(dst, src);
    cl->CopyResource(dst, src);
}

void Frame(ID3D12GraphicsCommandList* cl, Renderer& r, ID3D12Resource* a, ID3D12Resource* c)
{
    CopyPass(cl, a, c);
    r.Present(cl);
    CopyPass(cl, c, a);
}
`;

/** Findings and sites in full (message, range, fields, tracked states). */
function view(r: DocumentFacts): string {
  return JSON.stringify({ findings: r.findings, sites: r.sites });
}

/** A document typed as the language server types it: the function path when it can, else the whole file. */
class Typist {
  readonly doc: StoredDocument;
  previous: DocumentFacts;
  constructor(readonly caches: boolean, text: string, readonly ignoreCallers: boolean) {
    this.doc = new StoredDocument(URI, 'cpp', 1, text);
    this.previous = this.run(() => analyzeFile(this.doc, {}));
  }
  private run<T>(f: () => T): T {
    return withSwitches(CACHES, this.caches, f);
  }
  type(offset: number, removed: number, text: string): DocumentFacts {
    const doc = this.doc;
    doc.version += 1;
    doc.apply({ range: { start: doc.positionAt(offset), end: doc.positionAt(Math.min(doc.text.length, offset + removed)) }, text });
    this.previous = this.run(() => analyzeEditedFunction(doc, {}, this.previous, { ignoreCallers: this.ignoreCallers }) ?? analyzeFile(doc, {}));
    return this.previous;
  }
}

/** Types the same keystrokes into a document with the caches on and one with them off; both answer alike each time. */
function typeBoth(steps: readonly (readonly [offset: (text: string) => number, removed: number, text: string])[], ignoreCallers: boolean): { functionPath: number } {
  const on = new Typist(true, SOURCE, ignoreCallers);
  const off = new Typist(false, SOURCE, ignoreCallers);
  assert.equal(view(on.previous), view(off.previous));
  let functionPath = 0;
  steps.forEach(([offset, removed, text], i) => {
    const at = offset(on.doc.text);
    const a = on.type(at, removed, text);
    const b = off.type(at, removed, text);
    const what = `keystroke ${i + 1} (${JSON.stringify(text)} at ${at}, ${removed} removed; ${a.mode} path)`;
    assert.equal(a.mode, b.mode, what);
    assert.equal(view(a), view(b), what);
    if (a.mode === 'function') {
      functionPath++;
      if (!ignoreCallers) assert.equal(view(a), view(analyzeFile(new StoredDocument(URI, 'cpp', 2, on.doc.text), {})), `${what}: whole file`);
    }
  });
  return { functionPath };
}

/** Offset just after the n-th occurrence (from 0) of `needle`, or before it with `before`. */
const after = (needle: string, n = 0, before = false) => (text: string): number => {
  let at = -1;
  for (let k = 0; k <= n; k++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, `${needle} #${n}`);
  return before ? at : at + needle.length;
};

describe('per-function caches across keystrokes', () => {
  it('give the answers of an analysis without them: a helper others call is edited and its summary changes', () => {
    const reused = functionCacheStats.reused;
    const typed = (n: number, where: (t: string) => number, text: string) => Array.from({ length: n }, () => [where, 0, text] as const);
    for (const ignoreCallers of [true, false]) {
      const { functionPath } = typeBoth([
        // Typing in a caller, keystroke after keystroke (its helpers' facts are reused).
        ...typed(3, after('cl->DrawInstanced(3, 1, 0, 0);', 0), ' '),
        // The helper every method calls: a space, then its barrier commented out and back (what it does changes).
        [after('b.Transition.StateAfter = after;'), 0, ' '],
        [after('    cl->ResourceBarrier(1, &b);', 0, true), 0, '//'],
        [after('cl->DrawInstanced(3, 1, 0, 0);', 1), 0, ' '],
        [after('//    cl->ResourceBarrier(1, &b);', 0, true), 2, ''],
        // The helper's state fields swapped: the callers' findings change.
        [after('b.Transition.StateBefore = ', 0), 6, 'after; //'],
        [after('cl->DrawInstanced(3, 1, 0, 0);', 0), 0, ' '],
        // A declaration outside every body: a member's type, the class's constant, a new member.
        [after('bool m_inCopy', 0, true), 4, 'UINT'],
        [after('cl->DrawInstanced(3, 1, 0, 0);', 1), 0, ' '],
        [after('kFrames = ', 0), 1, '3'],
        [after('    UINT m_frame;'), 0, '\n    ID3D12Resource* m_extra;'],
        [after('m_inCopy = true;'), 0, ' m_frame = 1;'],
        // A free helper called twice: its copy recorded once more, then typing in its caller.
        [after('cl->CopyResource(dst, src);', 1, true), 0, 'cl->CopyResource(dst, src); '],
        ...typed(2, after('r.Present(cl);'), ' '),
        [after('b[1].Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_DEST;', 0, true), 0, '// '],
        [after('CopyPass(cl, c, a);'), 0, ' '],
        // Init (nothing calls it) after the member it stores changed type.
        ...typed(2, after('m_inCopy = false;'), ' '),
      ], ignoreCallers);
      // Without ignoreCallers an edit in a function the file calls is analysed whole (only Frame and Init are not called).
      assert.ok(functionPath >= (ignoreCallers ? 12 : 3), `only ${functionPath} keystrokes took the function path`);
    }
    assert.ok(functionCacheStats.reused > reused, 'kept facts are reused');
  });

  it('give the answers of an analysis without them after random keystrokes anywhere', () => {
    const pieces = [' ', '\n', 'x', ';', '//', '}', 'D3D12_RESOURCE_STATE_COPY_DEST', 'Transition(cl, m_target, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);'];
    let functionPath = 0;
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.tuple(fc.nat(), fc.nat(2), fc.constantFrom(...pieces)), { minLength: 1, maxLength: 8 }), (ignoreCallers, edits) => {
        // Most keystrokes stay near the one before (typing on), some jump elsewhere.
        let last = SOURCE.length / 2;
        const steps = edits.map(([pick, removed, text]) => [(t: string) => {
          last = pick % 3 === 0 ? pick % t.length : Math.min(t.length, Math.max(0, Math.round(last) + (pick % 7) - 2));
          return last;
        }, removed, text] as const);
        functionPath += typeBoth(steps, ignoreCallers).functionPath;
      }),
      { numRuns: Number(process.env.BARRIERLINT_RUNS ?? 40), seed: propertySeed('keystroke caches = no caches') },
    );
    assert.ok(functionPath >= 10, `only ${functionPath} keystrokes took the function path`);
  });

  it('do not reuse a method whose kept facts read which methods call it, once that changes (a table read whole)', () => {
    // Begin's facts count the member uses of the methods calling it (extract/member-facts.ts sharedMembers iterates
    // the file's method calls): Draw starting to call it under a test of m_ready changes them, Begin's text does not.
    const CLASS = `
class Pass
{
    void Begin(ID3D12GraphicsCommandList* cl);
    void Draw(ID3D12GraphicsCommandList* cl);
    bool m_ready;
    ID3D12Resource* m_tex;
};

void Pass::Begin(ID3D12GraphicsCommandList* cl)
{
    if (!m_ready)
    {
        D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(m_tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
        cl->ResourceBarrier(1, &b);
        m_ready = true;
    }
}

void Pass::Draw(ID3D12GraphicsCommandList* cl)
{
    cl->DrawInstanced(3, 1, 0, 0);
}
`;
    const facts = (on: boolean, text: string): string => withSwitches(CACHES, on, () => JSON.stringify(extractFacts(parseCpp(text), text), (_k, v: unknown) =>
      v instanceof Map ? { map: [...v] } : v instanceof Set ? { set: [...v] } : v));
    const edited = CLASS.replace('    cl->DrawInstanced(3, 1, 0, 0);', '    if (!m_ready) Begin(cl);\n    if (m_ready) cl->DrawInstanced(3, 1, 0, 0);');
    const reused = functionCacheStats.reused;
    facts(true, CLASS);
    assert.equal(facts(true, CLASS), facts(false, CLASS));
    assert.ok(functionCacheStats.reused > reused, 'the unchanged text reuses Begin');
    assert.equal(facts(true, edited), facts(false, edited));
  });
});
