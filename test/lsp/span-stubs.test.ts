// A function a keystroke's reduced document keeps only so that a call stays ambiguous (a `flush` of another class,
// called on an object whose class is unknown) is kept as a stub: its signature, and a body that resolves as its
// own did (lsp/span-stubs.ts). The reduced document no longer holds those bodies, and after keystrokes and random
// edits the result equals a whole-file analysis: were a relevant stub read as irrelevant, the ambiguous call would
// resolve to the one `flush` kept whole (Query's) and the tracker would enter it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { propertySeed } from '../harness/seed';
import { StoredDocument } from '../../server/src/parse/document-store';
import { recheckCallers } from '../../server/src/lsp/caller-recheck';
import { reducedDocument } from '../../server/src/lsp/function-spans';
import { analyzeEditedFunction, analyzeFile, type DocumentFacts } from '../../server/src/lsp/incremental-analysis';
import { spanStubs, STUB_CALL } from '../../server/src/lsp/span-stubs';

const URI = 'file:///span-stubs.cpp';

/**
 * `m_query.flush` and `q.flush` resolve to Query::flush; `pass.batch.flush` (Pass is another file's) to none of the
 * three: in the helper Record, whose calls are taken as they resolved (no check), a Batch::flush stub that did not
 * resolve as Batch::flush would have it resolve to Query::flush (a second COPY_DEST -> COPY_SOURCE: a mismatch).
 */
const SOURCE = `#include <d3d12.h>
#include "d3dx12.h"

static void Move(ID3D12GraphicsCommandList* cl, ID3D12Resource* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(r, before, after);
    cl->ResourceBarrier(1, &b);
}

ID3D12Resource* g_results;

struct Query { ID3D12Resource* results; void flush(ID3D12GraphicsCommandList* cl); };
struct Batch { ID3D12Resource* args; void flush(ID3D12GraphicsCommandList* cl); };
struct Timer { int ticks; void flush(ID3D12GraphicsCommandList* cl); };
struct Renderer { Query m_query; void submit(ID3D12GraphicsCommandList* cl, Pass& pass); };

void Query::flush(ID3D12GraphicsCommandList* cl)
{
    Move(cl, g_results, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
}

void Batch::flush(ID3D12GraphicsCommandList* cl)
{
    Move(cl, args, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT);
    cl->DrawInstanced(3, 1, 0, 0);
}

void Timer::flush(ID3D12GraphicsCommandList* cl)
{
    ticks = 0;
}

template <typename T>
void Timer_flushAll(T* timers, int n) { for (int i = 0; i < n; i++) { timers[i].ticks = 1; } }

static void Record(ID3D12GraphicsCommandList* cl, Query& q, Pass& pass)
{
    q.flush(cl);
    pass.batch.flush(cl);
}

void Renderer::submit(ID3D12GraphicsCommandList* cl, Pass& pass)
{
    Record(cl, m_query, pass);
    m_query.flush(cl);
    m_query.flush(cl);
    cl->DrawInstanced(3, 1, 0, 0);
}
`;

function view(r: DocumentFacts): unknown {
  return {
    findings: r.findings.map((f) => `${f.range.startLine}:${f.range.startColumn}-${f.range.endLine}:${f.range.endColumn} ${f.rule} ${f.message}`).sort(),
    sites: r.sites.map((s) => `${s.line}:${s.column}-${s.endLine}:${s.endColumn} ${s.kind} ${JSON.stringify(s.fields)}`).sort(),
  };
}

const whole = (text: string): unknown => view(analyzeFile(new StoredDocument(URI, 'cpp', 2, text), {}));

describe('functions kept for a call\'s ambiguity alone (span stubs)', () => {
  it('keep their signature, not their body, in the reduced document', () => {
    const doc = new StoredDocument(URI, 'cpp', 1, SOURCE);
    const first = analyzeFile(doc, {});
    assert.ok(first.findings.length > 0, 'the source has findings');
    const submit = first.spans.find((s) => s.name === 'submit')!;
    const stubs = spanStubs(first.spans, first.signatures ?? []);
    const flushes = first.spans.filter((s) => s.name === 'flush').map((s) => stubs.get(first.spans.indexOf(s)));
    assert.deepEqual(flushes, ['relevant', 'relevant', 'empty'], 'Query and Batch record a barrier, Timer nothing');
    const reduced = reducedDocument(SOURCE, first.spans, submit, { ignoreCallers: true, calls: first.calls, rootCalls: true, creations: first.creations, stubs })!;
    assert.ok(reduced.text.includes('D3D12_RESOURCE_STATE_COPY_SOURCE);'), 'Query::flush, which the calls resolve to, is kept whole');
    assert.ok(reduced.text.includes('pass.batch.flush(cl);\n'), 'and Record');
    assert.ok(!reduced.text.includes('INDIRECT_ARGUMENT'), 'Batch::flush\'s body is not kept');
    assert.ok(!reduced.text.includes('ticks = 0'), 'nor Timer::flush\'s');
    assert.ok(reduced.text.includes(`void Batch::flush(ID3D12GraphicsCommandList* cl)\n{ ${STUB_CALL} \n`), 'its signature is');
    assert.ok(reduced.text.includes('void Timer::flush(ID3D12GraphicsCommandList* cl)\n{ \n'));
    assert.equal(reduced.text.split('\n').length, SOURCE.split('\n').length, 'lines stay where they were');
    assert.equal(reduced.stubbed.length, 2);
  });

  it('answer as a whole-file analysis while the caller is typed in', () => {
    const doc = new StoredDocument(URI, 'cpp', 1, SOURCE);
    let previous: DocumentFacts = analyzeFile(doc, {});
    // Typed in, then taken back; a line break moves the stubs below the edit (none here) and the focus's end.
    for (const [needle, text, removed] of [['m_query.flush', 'x', 0], ['m_query.flush', '', 1], ['m_query.flush(cl);\n    cl', '\n    ', 0], ['cl->DrawInstanced(3, 1, 0, 0);\n}\n', '// ', 0]] as const) {
      const at = doc.text.lastIndexOf(needle);
      doc.version++;
      doc.apply({ range: { start: doc.positionAt(at - removed), end: doc.positionAt(at) }, text });
      const typed = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true });
      assert.equal(typed?.mode, 'function', `typing ${JSON.stringify(text)} before ${needle}`);
      previous = typed!;
      assert.deepEqual(view(previous), whole(doc.text), `typing ${JSON.stringify(text)} before ${needle}`);
    }
  });

  it('equal a whole-file analysis after random edits in any function and the callers re-check', () => {
    const pieces = [' ', '\n', 'x', ';', 'D3D12_RESOURCE_STATE_COPY_DEST', 'cl->DrawInstanced(3, 1, 0, 0);', 'pass.batch.flush(cl);', 'm_query.flush(cl);', '//'];
    let functionPath = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.nat(2), fc.constantFrom(...pieces)), { minLength: 1, maxLength: 6 }), (edits) => {
        const doc = new StoredDocument(URI, 'cpp', 1, SOURCE);
        let previous: DocumentFacts = analyzeFile(doc, {});
        for (const [pick, removed, text] of edits) {
          const s = previous.spans[pick % previous.spans.length];
          const from = doc.offsetAt({ line: s.bodyStart.line, character: s.bodyStart.column });
          const to = doc.offsetAt({ line: s.range.endLine, character: s.range.endColumn - 1 });
          const at = from + ((pick >> 4) % Math.max(1, to - from));
          doc.version++;
          doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(Math.min(at + removed, to)) }, text });
          const typed = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true });
          if (typed) functionPath++;
          previous = (typed && recheckCallers(doc, {}, typed)) ?? analyzeFile(doc, {});
          assert.deepEqual(view(previous), whole(doc.text), `after ${JSON.stringify(edits)}`);
        }
      }),
      { numRuns: Number(process.env.BARRIERLINT_RUNS ?? 40), seed: propertySeed('span stubs = whole file') },
    );
    assert.ok(functionPath > 20, `only ${functionPath} edits took the function path`);
  });
});
