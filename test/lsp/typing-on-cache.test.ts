// Typing on in one function (issue 13): from the second keystroke in the same function, the language server's
// function-only analysis reuses its helpers' facts from the previous keystroke's extraction (extract/function-cache.ts,
// asked for by lsp/incremental-analysis.ts without BARRIERLINT_FN_CACHE=1); from the first one when an earlier
// keystroke (before a pause, or in another function) recorded them. The edited function itself is always
// walked again, so what it now does to the helpers' arguments shows at once: a mismatch typed in fires, typed out
// goes silent, and every result equals a fresh whole-file analysis. BARRIERLINT_FN_CACHE=0 turns the reuse off.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StoredDocument } from '../../server/src/parse/document-store';
import { analyzeEditedFunction, analyzeFile, type DocumentFacts } from '../../server/src/lsp/incremental-analysis';
import { functionCacheStats } from '../../server/src/extract/function-cache';

const URI = 'file:///typing-on-cache.cpp';

const SOURCE = `#include <d3d12.h>

static void Move(ID3D12GraphicsCommandList* cl, ID3D12Resource* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = r;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = before;
    b.Transition.StateAfter = after;
    cl->ResourceBarrier(1, &b);
}

static void CopyIn(ID3D12GraphicsCommandList* cl, ID3D12Resource* dst, ID3D12Resource* src)
{
    Move(cl, dst, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->CopyResource(dst, src);
}

void Upload(ID3D12GraphicsCommandList* cl, ID3D12Resource* tex, ID3D12Resource* staging)
{
    CopyIn(cl, tex, staging);
    Move(cl, tex, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    cl->DrawInstanced(3, 1, 0, 0);
}
`;

const MISMATCH = 'RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH';

function view(r: DocumentFacts): string {
  return JSON.stringify({ findings: r.findings, sites: r.sites });
}

/** Keystrokes typed as the language server types them (function path, else the whole file), each checked against the whole file. */
class Typist {
  readonly doc = new StoredDocument(URI, 'cpp', 1, SOURCE);
  previous = analyzeFile(this.doc, {});
  functionPath = 0;

  type(needle: string, removed: number, text: string): DocumentFacts {
    const at = this.doc.text.indexOf(needle);
    assert.ok(at >= 0, needle);
    this.doc.version += 1;
    this.doc.apply({ range: { start: this.doc.positionAt(at), end: this.doc.positionAt(at + removed) }, text });
    const result = analyzeEditedFunction(this.doc, {}, this.previous, { ignoreCallers: true });
    this.previous = result ?? analyzeFile(this.doc, {});
    if (result) this.functionPath++;
    assert.equal(view(this.previous), view(analyzeFile(new StoredDocument(URI, 'cpp', 2, this.doc.text), {})), `after ${JSON.stringify(text)}`);
    return this.previous;
  }
}

/** `run` with BARRIERLINT_FN_CACHE unset (the server's default) or set to `value`, restored after. */
function withCacheSwitch<T>(value: string | undefined, run: () => T): T {
  const saved = process.env.BARRIERLINT_FN_CACHE;
  if (value === undefined) delete process.env.BARRIERLINT_FN_CACHE;
  else process.env.BARRIERLINT_FN_CACHE = value;
  try {
    return run();
  } finally {
    if (saved === undefined) delete process.env.BARRIERLINT_FN_CACHE;
    else process.env.BARRIERLINT_FN_CACHE = saved;
  }
}

const mismatches = (r: DocumentFacts): number => r.findings.filter((f) => f.message.includes(MISMATCH)).length;

describe('typing on in one function', () => {
  it('reuses the helpers\' facts from the second keystroke on, and a mismatch typed in fires, typed out goes silent', () => {
    withCacheSwitch(undefined, () => {
      const t = new Typist();
      assert.equal(mismatches(t.previous), 0, 'silent before typing');
      const before = functionCacheStats.reused;
      for (let i = 0; i < 3; i++) t.type('cl->DrawInstanced', 0, ' ');
      assert.ok(functionCacheStats.reused > before, 'the helpers\' facts are reused while typing on');
      // The second barrier's before state typed wrong: the helper's kept facts do not hide the mismatch.
      const fired = t.type('D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL', 'D3D12_RESOURCE_STATE_COPY_DEST'.length, 'D3D12_RESOURCE_STATE_COMMON');
      assert.equal(mismatches(fired), 1, 'fires');
      const silent = t.type('D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_PIXEL', 'D3D12_RESOURCE_STATE_COMMON'.length, 'D3D12_RESOURCE_STATE_COPY_DEST');
      assert.equal(mismatches(silent), 0, 'silent again');
      assert.equal(t.functionPath, 5, 'every keystroke took the function path');
    });
  });

  it('does not reuse with BARRIERLINT_FN_CACHE=0', () => {
    withCacheSwitch('0', () => {
      const t = new Typist();
      const before = functionCacheStats.reused;
      for (let i = 0; i < 3; i++) t.type('cl->DrawInstanced', 0, ' ');
      assert.equal(functionCacheStats.reused, before);
    });
  });

  it('reuses at the first keystroke after a pause, and in another function calling the same helper', () => {
    withCacheSwitch(undefined, () => {
      const t = new Typist();
      // The first keystroke in Upload records its helpers' facts (until session 34: only the second did).
      t.type('cl->DrawInstanced', 0, ' ');
      // Typing paused: the whole-file re-check leaves no reduced tree to edit, the next keystroke makes a new one.
      t.previous = analyzeFile(t.doc, {});
      const before = functionCacheStats.reused;
      t.type('cl->DrawInstanced', 0, ' ');
      assert.ok(functionCacheStats.reused > before, 'typing resumed reuses what the keystroke before the pause recorded');
      // CopyIn calls Move, recorded as Upload's helper: its first keystroke reuses Move's facts.
      const inUpload = functionCacheStats.reused;
      t.type('cl->CopyResource', 0, ' ');
      assert.ok(functionCacheStats.reused > inUpload, 'a helper shared with the function typed in before is reused');
      assert.equal(t.functionPath, 3);
    });
  });
});
