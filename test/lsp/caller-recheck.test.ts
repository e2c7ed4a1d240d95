// The re-check after typing pauses (caller-recheck.ts): after edits in a function other functions call (analysed
// alone while typing, callers left as they were), re-checking the callers gives the findings and sites of a fresh
// whole-file analysis of the same text; with nothing calling the edited functions it costs nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { propertySeed } from '../harness/seed';
import { StoredDocument } from '../../server/src/parse/document-store';
import { analyzeRecheck, finishRecheck, prepareRecheck, recheckCallers } from '../../server/src/lsp/caller-recheck';
import { BackgroundThread } from '../../server/src/lsp/background-thread';
import { parseCpp } from '../../server/src/parse/parser';
import { extractFacts } from '../../server/src/extract/extract';
import { WorkspaceIndex } from '../../server/src/track/workspace';
import { analyzeEditedFunction, analyzeFile, type DocumentFacts } from '../../server/src/lsp/incremental-analysis';
import { typingFile } from '../bench/bench-lsp-typing';

const URI = 'file:///callers.cpp';

function view(r: DocumentFacts): unknown {
  return {
    findings: r.findings.map((f) => `${f.range.startLine}:${f.range.startColumn}-${f.range.endLine}:${f.range.endColumn} ${f.rule} ${f.message}`).sort(),
    sites: r.sites.map((s) => `${s.line}:${s.column}-${s.endLine}:${s.endColumn} ${s.kind} ${JSON.stringify(s.fields)}`).sort(),
  };
}

/**
 * Real-style edits in the shared helper and in the passes that call it: each changes what the callers report. Two
 * passes making the same mistake through the helper (a legacy Transition of their `tex` after its enhanced barrier)
 * are reported once by a whole-file analysis, at the first (result-moves.ts withoutRepeatedReports).
 */
const EDITS: [needle: string, replacement: string][] = [
  ['Transition(res, before, after)', 'Transition(res, after, before)'],
  ['Transition(res, before, after)', 'Transition(res, D3D12_RESOURCE_STATE_COMMON, after)'],
  ['cl->ResourceBarrier(1, &b);', 'cl->ResourceBarrier(1, &b);\n    cl->ResourceBarrier(1, &b);'],
  ['D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);', 'D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COMMON);'],
  ['D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COMMON);', 'D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_GENERIC_READ);'],
  ['cl->Dispatch(1, 1, 1);', 'cl->Dispatch(1, 1, 1);\n    Transition(cl, buf, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);'],
  ['cl->DrawInstanced(3, 1, 0, 0);', 'cl->DrawInstanced(3, 1, 0, 0); '],
  ['cl->Dispatch(1, 1, 1);', 'cl->Dispatch(1, 1, 1);\n    Transition(cl, tex, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);'],
];

describe('re-checking the callers of edited functions', () => {
  const source = typingFile(320);

  it('equals a whole-file analysis after edits in called functions', () => {
    let rechecked = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(EDITS.length - 1), fc.nat(7)), { minLength: 1, maxLength: 4 }), (edits) => {
        const doc = new StoredDocument(URI, 'cpp', 1, source);
        let previous: DocumentFacts = analyzeFile(doc, {});
        for (const [which, nth] of edits) {
          const [needle, replacement] = EDITS[which];
          let at = -1;
          for (let k = 0; k <= nth; k++) at = doc.text.indexOf(needle, at + 1) >= 0 ? doc.text.indexOf(needle, at + 1) : at;
          if (at < 0) continue;
          doc.version++;
          doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(at + needle.length) }, text: replacement });
          previous = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true }) ?? analyzeFile(doc, {});
        }
        const fresh = analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {});
        const merged = recheckCallers(doc, {}, previous);
        if (!merged) return;
        rechecked++;
        assert.equal(merged.mode, 'file');
        assert.deepEqual(view(merged), view(fresh));
      }),
      { numRuns: Number(process.env.BARRIERLINT_RUNS ?? 40), seed: propertySeed('caller re-check = whole file') },
    );
    assert.ok(rechecked > 20, `only ${rechecked} runs were re-checked by callers`);
  });

  it('changes what the callers report (the function-only result alone does not), and re-checks nothing without callers', () => {
    const doc = new StoredDocument(URI, 'cpp', 1, source);
    const first = analyzeFile(doc, {});
    const at = doc.text.indexOf(EDITS[1][0]);
    doc.version = 2;
    doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(at + EDITS[1][0].length) }, text: EDITS[1][1] });
    const typed = analyzeEditedFunction(doc, {}, first, { ignoreCallers: true });
    assert.equal(typed?.mode, 'function');
    const fresh = analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {});
    assert.notDeepEqual(view(typed!), view(fresh), 'the swapped helper changes its callers\' findings');
    assert.deepEqual(view(recheckCallers(doc, {}, typed!)!), view(fresh));
    // RenderFrame calls every pass, nothing calls RenderFrame: an edit there leaves no caller to re-check.
    const frame = doc.text.indexOf('    Pass0(cl');
    doc.version = 3;
    doc.apply({ range: { start: doc.positionAt(frame), end: doc.positionAt(frame) }, text: ' ' });
    const inFrame = analyzeEditedFunction(doc, {}, fresh, { ignoreCallers: true });
    assert.equal(inFrame?.mode, 'function');
    const done = recheckCallers(doc, {}, inFrame!);
    assert.equal(done?.findings, inFrame!.findings, 'nothing analysed again');
  });

  it('on the re-check thread answers as on this one, with the helpers of other files its callers use', async () => {
    // The shared helper lives in another file of the workspace: the re-check thread gets it from the slice it is sent.
    const helper = source.slice(0, source.indexOf('// Pass 0'));
    const workspace = new WorkspaceIndex();
    workspace.set('file:///helpers.cpp', extractFacts(parseCpp(helper), helper));
    const own = source.replace(helper, '\n'.repeat(helper.split('\n').length - 1));
    const doc = new StoredDocument(URI, 'cpp', 1, own);
    const first = analyzeFile(doc, {}, { workspace });
    const at = doc.text.indexOf(EDITS[3][0]);
    doc.version = 2;
    doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(at + EDITS[3][0].length) }, text: EDITS[3][1] });
    const typed = analyzeEditedFunction(doc, {}, first, { ignoreCallers: true, workspace })!;
    const prepared = prepareRecheck(doc, {}, typed);
    assert.ok(prepared && 'job' in prepared, 'RenderFrame calls the edited pass');
    const here = analyzeRecheck(prepared.job, { workspace });
    assert.ok('findings' in here && here.findings.length > 0, 'the callers report through the other file\'s helper');
    const thread = new BackgroundThread(512);
    try {
      const there = await thread.run({ kind: 'recheck', job: prepared.job }, workspace);
      assert.deepEqual(there, here);
      const fresh = analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {}, { workspace });
      assert.deepEqual(view(finishRecheck(typed, there!)!), view(fresh));
      // A cancel by document drops its jobs, the one under way and the one queued: both answer undefined.
      const older = thread.run({ kind: 'recheck', job: prepared.job }, workspace);
      const newer = thread.run({ kind: 'recheck', job: prepared.job }, workspace);
      thread.cancel(URI);
      assert.deepEqual(await Promise.all([older, newer]), [undefined, undefined]);
    } finally {
      thread.dispose();
    }
  });

  it('keeps the functions creating the lists its callers record on, through an out-parameter list factory too', () => {
    // Blur's barrier is on `cb->cmdList`, a DIRECT list only because BeginFrame fills that member through StartList
    // (an out-parameter list factory): the re-check of Blur after an edit in ReleaseLater must keep BeginFrame and
    // StartList, or Blur's list has no type and the info a whole-file analysis reports on it is lost.
    const text = [
      '#include <d3d12.h>',
      'struct CommandBuffer { ID3D12GraphicsCommandList* cmdList; };',
      'ID3D12Device* g_device;',
      'ID3D12CommandAllocator* g_alloc;',
      'int g_released;',
      'bool StartList(ID3D12GraphicsCommandList** list)',
      '{',
      '    HRESULT hr = g_device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, g_alloc, nullptr, IID_PPV_ARGS(list));',
      '    return SUCCEEDED(hr);',
      '}',
      'void BeginFrame(CommandBuffer* cb)',
      '{',
      '    StartList(&cb->cmdList);',
      '}',
      'void ReleaseLater(ID3D12Resource* res)',
      '{',
      '    g_released += 1;',
      '}',
      'void Blur(CommandBuffer* cb, ID3D12Resource* tex, ID3D12Resource* scratch)',
      '{',
      '    cb->cmdList->Dispatch(8, 8, 1);',
      '    D3D12_RESOURCE_BARRIER b = {};',
      '    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;',
      '    b.Transition.pResource = tex;',
      '    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;',
      '    b.Transition.StateBefore = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;',
      '    b.Transition.StateAfter = D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE;',
      '    cb->cmdList->ResourceBarrier(1, &b);',
      '    ReleaseLater(scratch);',
      '}',
      '',
    ].join('\n');
    const doc = new StoredDocument(URI, 'cpp', 1, text);
    const first = analyzeFile(doc, {});
    assert.deepEqual(first.findings.map((f) => f.rule), ['legacy-broad-sync'], 'the whole file knows Blur\'s list is DIRECT');
    const at = doc.text.indexOf('g_released += 1;');
    doc.version = 2;
    doc.apply({ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text: 'g_released += 2;\n    ' });
    const typed = analyzeEditedFunction(doc, {}, first, { ignoreCallers: true });
    assert.equal(typed?.mode, 'function');
    const fresh = analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {});
    assert.deepEqual(view(recheckCallers(doc, {}, typed!)!), view(fresh));
    // The keystroke path too: typing in Blur keeps the list's creators.
    const blur = doc.text.indexOf('cb->cmdList->Dispatch(8, 8, 1);');
    doc.version = 3;
    doc.apply({ range: { start: doc.positionAt(blur), end: doc.positionAt(blur) }, text: 'g_released += 3;\n    ' });
    const inBlur = analyzeEditedFunction(doc, {}, fresh, { ignoreCallers: true });
    assert.equal(inBlur?.mode, 'function');
    assert.deepEqual(view(inBlur!), view(analyzeFile(new StoredDocument(URI, 'cpp', 3, doc.text), {})));
  });
});
