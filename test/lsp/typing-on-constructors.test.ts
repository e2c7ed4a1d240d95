// Typing on in one function (issue 13) whose helper constructs a local object with arguments (`ScopedBarrier
// guard(cl, dst, A, B);`): the helper's facts are kept and reused from keystroke to keystroke like any other helper's
// (extract/function-cache.ts). What the file says of the class's constructor and destructor is a table read by class
// name (constructor-calls.ts Lifetimes), asked again of each extraction: until session 27 it was read through the
// file's whole text, which no kept extraction can stand for, so every such helper was walked again at every
// keystroke (xenia's 2,361-line GetOrCreateTransferPipelines was most of a keystroke typed on in its callers).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze } from '../../server/src/analyze';
import { extractFacts } from '../../server/src/extract/extract';
import { functionCacheStats } from '../../server/src/extract/function-cache';
import { analyzeEditedFunction, analyzeFile, type DocumentFacts } from '../../server/src/lsp/incremental-analysis';
import { StoredDocument } from '../../server/src/parse/document-store';
import { parseCpp } from '../../server/src/parse/parser';
import { withSwitches } from '../harness/env-switch';

const URI = 'file:///typing-on-constructors.cpp';
const CACHE = 'BARRIERLINT_FN_CACHE';

// The class's member list is one line, so that declaring a destructor there moves no function.
const SOURCE = `#include <d3d12.h>

class ScopedBarrier { public: ScopedBarrier(ID3D12GraphicsCommandList* cl, ID3D12Resource* r, D3D12_RESOURCE_STATES a, D3D12_RESOURCE_STATES b); };

ScopedBarrier::ScopedBarrier(ID3D12GraphicsCommandList* cl, ID3D12Resource* r, D3D12_RESOURCE_STATES a, D3D12_RESOURCE_STATES b)
{
    D3D12_RESOURCE_BARRIER rb = {};
    rb.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    rb.Transition.pResource = r;
    rb.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    rb.Transition.StateBefore = a;
    rb.Transition.StateAfter = b;
    cl->ResourceBarrier(1, &rb);
}

static void CopyIn(ID3D12GraphicsCommandList* cl, ID3D12Resource* dst, ID3D12Resource* src)
{
    ScopedBarrier guard(cl, dst, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->CopyResource(dst, src);
}

void Upload(ID3D12GraphicsCommandList* cl, ID3D12Resource* tex, ID3D12Resource* staging)
{
    CopyIn(cl, tex, staging);
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = tex;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
    cl->ResourceBarrier(1, &b);
    cl->DrawInstanced(3, 1, 0, 0);
}
`;

/** The class declares a destructor (an RAII transition back): what the constructor was handed is unknown after its block. */
const WITH_DESTRUCTOR = SOURCE.replace('D3D12_RESOURCE_STATES b); };', 'D3D12_RESOURCE_STATES b); ~ScopedBarrier(); };');

/** `run` with the environment switch unset, restored after. */
function withoutSwitch<T>(name: string, run: () => T): T {
  const saved = process.env[name];
  delete process.env[name];
  try {
    return run();
  } finally {
    if (saved !== undefined) process.env[name] = saved;
  }
}

const MISMATCH = 'RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH';
const mismatches = (findings: readonly { message: string }[]): number => findings.filter((f) => f.message.includes(MISMATCH)).length;
const view = (r: DocumentFacts): string => JSON.stringify({ findings: r.findings, sites: r.sites });
const unkept = (): number => functionCacheStats.notKept.get('reads the file text') ?? 0;

describe('typing on in a function whose helper constructs an object', () => {
  it('keeps and reuses the helper\'s facts, and every keystroke equals the whole file', () => {
    // The server's default (the switch unset): the function-only analysis asks for the cache while typing goes on.
    withoutSwitch(CACHE, () => {
      const doc = new StoredDocument(URI, 'cpp', 1, SOURCE);
      let previous: DocumentFacts = analyzeFile(doc, {});
      assert.equal(mismatches(previous.findings), 1, 'fires: CopyIn left the texture in COPY_DEST');
      const unkeptBefore = unkept();
      const reusedBefore = functionCacheStats.reused;
      let functionPath = 0;
      for (let i = 0; i < 4; i++) {
        const at = doc.text.indexOf('cl->DrawInstanced');
        doc.version += 1;
        doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text: ' ' });
        const result = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true });
        if (result) functionPath++;
        previous = result ?? analyzeFile(doc, {});
        assert.equal(view(previous), view(analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {})), `keystroke ${i + 1}`);
        assert.equal(mismatches(previous.findings), 1, `still fires at keystroke ${i + 1}`);
      }
      assert.equal(functionPath, 4, 'every keystroke took the function path');
      assert.equal(unkept(), unkeptBefore, 'no helper was refused for reading the file text');
      assert.ok(functionCacheStats.reused >= reusedBefore + 4, 'CopyIn and ScopedBarrier::ScopedBarrier reused on the last two keystrokes');
    });
  });

  it('asks each extraction what the file says of the class: a destructor declared since is not hidden by kept facts', () => {
    const facts = (on: boolean, text: string): string => withSwitches(CACHE, on, () => JSON.stringify(extractFacts(parseCpp(text), text),
      (_k, v: unknown) => (v instanceof Map ? { map: [...v] } : v instanceof Set ? { set: [...v] } : v)));
    withSwitches(CACHE, true, () => {
      // Kept (twice: recorded, then reused) with the class as it was.
      facts(true, SOURCE);
      facts(true, SOURCE);
    });
    const reusedBefore = functionCacheStats.reused;
    assert.equal(facts(true, WITH_DESTRUCTOR), facts(false, WITH_DESTRUCTOR), 'the destructor is seen with the cache on');
    assert.ok(functionCacheStats.reused > reusedBefore, 'the other functions were still reused');
    const findings = (text: string): number => mismatches(withSwitches(CACHE, true, () => analyze(text, URI, { complete: true })).findings);
    assert.equal(findings(SOURCE), 1, 'fires without a destructor');
    assert.equal(findings(WITH_DESTRUCTOR), 0, 'silent: the destructor may have moved the texture back');
  });
});
