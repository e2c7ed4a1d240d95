// Helper calls kept across keystrokes (track/kept-runs.ts, issue 13): the language server's typing path replays an
// earlier keystroke's helper calls whose inputs are equal. It never changes an answer: typing sequences on every
// fixture and example, and random typing on random files, give the same findings and sites at every keystroke with
// kept calls on (the server's default) and off (BARRIERLINT_KEPT_CALLS=0); a function index or workspace that
// changed refuses the replay; the store is bounded; and calls are replayed (so the comparisons are not vacuous).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { StoredDocument } from '../../server/src/parse/document-store';
import { analyzeEditedFunction, analyzeFile, keptCallsOf, type DocumentFacts } from '../../server/src/lsp/incremental-analysis';
import { keptStats } from '../../server/src/track/call-memo';
import { KEPT_CALLS_ENV } from '../../server/src/track/kept-runs';
import { WorkspaceIndex } from '../../server/src/track/workspace';
import { sourceFiles } from '../harness/fixture';
import { rngOf } from '../harness/adversarial';
import { propertySeed } from '../harness/seed';
import { helperLoop } from '../harness/helper-loop';
import { barrierHeavyFile } from '../bench/barrier-file';
import { typingEdits } from '../bench/typing-edits';

const URI = 'file:///kept-calls.cpp';
const ROOT = path.resolve(__dirname, '../../..');

function view(r: DocumentFacts): string {
  return JSON.stringify({ mode: r.mode, findings: r.findings, sites: r.sites });
}

function withKept<T>(on: boolean, run: () => T): T {
  const saved = process.env[KEPT_CALLS_ENV];
  if (on) delete process.env[KEPT_CALLS_ENV];
  else process.env[KEPT_CALLS_ENV] = '0';
  try {
    return run();
  } finally {
    if (saved === undefined) delete process.env[KEPT_CALLS_ENV];
    else process.env[KEPT_CALLS_ENV] = saved;
  }
}

interface Keystroke {
  line: number;
  character: number;
  /** Characters removed at the position before `text` is inserted. */
  removed: number;
  text: string;
}

/**
 * The answer after each keystroke, typed as the language server types them (the function path, else the whole
 * file), with kept calls on or off. `workspace`: the index the analyses resolve in; `between` runs before each
 * keystroke (a test changes the workspace there).
 */
function typeAll(text: string, keys: readonly Keystroke[], on: boolean, options: { workspace?: WorkspaceIndex; between?: (i: number) => void } = {}): string[] {
  return withKept(on, () => {
    const doc = new StoredDocument(URI, 'cpp', 1, text);
    let previous = analyzeFile(doc, {}, { workspace: options.workspace });
    const out: string[] = [];
    for (const [i, k] of keys.entries()) {
      options.between?.(i);
      doc.version += 1;
      doc.apply({ range: { start: { line: k.line, character: k.character }, end: { line: k.line, character: k.character + k.removed } }, text: k.text });
      previous = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true, workspace: options.workspace }) ?? analyzeFile(doc, {}, { workspace: options.workspace });
      out.push(view(previous));
    }
    return out;
  });
}

/** `chars` typed one by one from a position (a space typed in place: the same text grows). */
function typing(at: { line: number; character: number }, chars: string): Keystroke[] {
  let character = at.character;
  return [...chars].map((c) => ({ line: at.line, character: c === ' ' ? at.character : character++, removed: 0, text: c }));
}

function assertSameTyping(text: string, keys: readonly Keystroke[], what: string): void {
  const off = typeAll(text, keys, false);
  const on = typeAll(text, keys, true);
  for (let i = 0; i < keys.length; i++) assert.equal(on[i], off[i], `${what}, keystroke ${i} (${JSON.stringify(keys[i].text)})`);
}

// Frame's loop evaluates Pass (and Show under it) in fixpoint passes with nothing reported: the call memo records
// them, and the next keystroke's run of Frame replays them.
const LOOP = helperLoop('#include <d3d12.h>', 'int frames = 0;');
const FRAME_BODY = { line: LOOP.split('\n').findIndex((l) => l.includes('int frames = 0;')), character: 2 };

void test('typing in a function whose loop calls helpers replays the earlier keystroke\'s calls, with equal answers', () => {
  const keys = typing(FRAME_BODY, '     int q = 1; ');
  const before = keptStats.hits;
  const on = typeAll(LOOP, keys, true);
  assert.ok(keptStats.hits > before, 'some keystroke replays a kept call');
  assert.deepEqual(on, typeAll(LOOP, keys, false));
  assert.match(on[on.length - 1], /RESOURCE|LAYOUT|rule/);
});

void test('kept calls on and off give equal answers while typing in every fixture and example', () => {
  const files = [...sourceFiles(path.join(ROOT, 'test', 'fixtures')), ...sourceFiles(path.join(ROOT, 'examples'))];
  let typed = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const { called, uncalled } = typingEdits(text, 2);
    // A file of one function has no helper call to keep.
    const at = uncalled[0] ?? called[0];
    if (!at || called.length + uncalled.length < 2) continue;
    typed++;
    assertSameTyping(text, typing(at, '   x'), path.relative(ROOT, file));
  }
  assert.ok(typed > 100, `typed in ${typed} files`);
});

void test('kept calls on and off give equal answers after random typing in random files', () => {
  const seed = propertySeed('kept calls typing');
  const rng = rngOf(seed);
  const files = [...sourceFiles(path.join(ROOT, 'test', 'fixtures')), ...sourceFiles(path.join(ROOT, 'examples'))];
  const inputs = [barrierHeavyFile(120), LOOP, ...Array.from({ length: 10 }, () => fs.readFileSync(files[Math.floor(rng() * files.length)], 'utf8'))];
  const typed = [' ', 'x', ';', '0', '(', ')', 'cl->', 'int k = 2;', 'D3D12_BARRIER_LAYOUT_', 'i++;'];
  for (const [n, text] of inputs.entries()) {
    const { called, uncalled } = typingEdits(text, 6);
    const places = [...uncalled, ...called];
    if (places.length === 0) continue;
    const at = places[Math.floor(rng() * places.length)];
    const keys: Keystroke[] = [];
    let character = at.character;
    for (let step = 0; step < 7; step++) {
      // Mostly typing on at the cursor; sometimes a character before it removed.
      if (rng() < 0.2 && character > at.character) {
        keys.push({ line: at.line, character: --character, removed: 1, text: '' });
      } else {
        const t = typed[Math.floor(rng() * typed.length)];
        keys.push({ line: at.line, character, removed: 0, text: t });
        character += t.length;
      }
    }
    assertSameTyping(text, keys, `input ${n} at ${at.fn} line ${at.line} (seed ${seed})`);
  }
});

void test('a workspace that changed between keystrokes gives equal answers', () => {
  const keys = typing(FRAME_BODY, '       ');
  const answers = [true, false].map((on) => {
    const workspace = new WorkspaceIndex();
    // A file of the workspace saved between the fourth and fifth keystrokes.
    const between = (i: number): void => (i === 4 ? workspace.set('file:///other.cpp', { functions: [], classBases: [] }) : undefined);
    return typeAll(LOOP, keys, on, { workspace, between });
  });
  assert.deepEqual(answers[0], answers[1]);
});

void test('the store refuses a changed workspace or function index and keeps at most two functions', () => {
  const workspace = new WorkspaceIndex();
  const doc = new StoredDocument(URI, 'cpp', 1, LOOP);
  const kept = keptCallsOf(doc);
  assert.equal(keptCallsOf(doc), kept, 'one store per document');
  assert.notEqual(keptCallsOf(new StoredDocument(URI, 'cpp', 1, LOOP)), kept, 'another document has its own');
  let previous = analyzeFile(doc, {}, { workspace });
  const type = (at: { line: number; character: number }, text: string): void => {
    doc.version += 1;
    doc.apply({ range: { start: at, end: at }, text });
    previous = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true, workspace }) ?? analyzeFile(doc, {}, { workspace });
  };
  for (let i = 0; i < 4; i++) type(FRAME_BODY, ' ');
  const hits = keptStats.hits;
  type(FRAME_BODY, ' ');
  assert.ok(keptStats.hits > hits, 'typing on replays');
  workspace.set('file:///other.cpp', { functions: [], classBases: [] });
  type(FRAME_BODY, ' ');
  assert.equal(kept.refused.workspace, 1, 'a workspace changed since the earlier keystroke');
  // Typing in two other functions, then back: the store keeps the last two functions typed in.
  const showAt = { line: LOOP.split('\n').findIndex((l) => l.startsWith('void Show(')) + 1, character: 2 };
  const passAt = { line: LOOP.split('\n').findIndex((l) => l.startsWith('void Pass(')) + 1, character: 2 };
  for (let i = 0; i < 3; i++) type(showAt, ' ');
  for (let i = 0; i < 3; i++) type(passAt, ' ');
  assert.ok(kept.size <= 2, `${kept.size} runs kept`);
});

void test('a helper changed elsewhere in the file refuses the replay of the calls kept before it', () => {
  const run = (on: boolean): { views: string[]; refused: number } => withKept(on, () => {
    const doc = new StoredDocument(URI, 'cpp', 1, LOOP);
    const kept = keptCallsOf(doc);
    let previous = analyzeFile(doc, {});
    const views: string[] = [];
    const type = (at: { line: number; character: number }, text: string): void => {
      doc.version += 1;
      doc.apply({ range: { start: at, end: at }, text });
      previous = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true }) ?? analyzeFile(doc, {});
      views.push(view(previous));
    };
    for (let i = 0; i < 4; i++) type(FRAME_BODY, ' ');
    // Show, a helper Frame's calls evaluate, changed (another function's body: a whole-file analysis), then typing on
    // in Frame: the helpers the kept calls evaluated are not this keystroke's.
    type({ line: LOOP.split('\n').findIndex((l) => l.startsWith('void Show(')) + 1, character: 0 }, '  ToShader(cl, tex);\n');
    const before = Object.values(kept.refused).reduce((a, b) => a + b, 0);
    const frame = { line: doc.text.split('\n').findIndex((l) => l.includes('int frames = 0;')), character: 2 };
    for (let i = 0; i < 3; i++) type(frame, ' ');
    return { views, refused: Object.values(kept.refused).reduce((a, b) => a + b, 0) - before };
  });
  const on = run(true);
  assert.ok(on.refused > 0, 'the replay is refused');
  assert.deepEqual(on.views, run(false).views);
});

/**
 * Four spaces typed at the top of Frame's body through the function path, each keystroke checked to take it; the
 * document's kept calls and the replays each keystroke made.
 */
function typeInFrame(text: string): { keys: Keystroke[]; kept: ReturnType<typeof keptCallsOf>; hits: number[] } {
  const at = { line: text.split('\n').findIndex((l) => l.includes('int frames = 0;')), character: 2 };
  const keys = typing(at, '    ');
  const doc = new StoredDocument(URI, 'cpp', 1, text);
  const kept = keptCallsOf(doc);
  let previous = analyzeFile(doc, {});
  const hits: number[] = [];
  for (const k of keys) {
    doc.version += 1;
    doc.apply({ range: { start: k, end: k }, text: k.text });
    const before = keptStats.hits;
    const next = analyzeEditedFunction(doc, {}, previous, { ignoreCallers: true });
    assert.equal(next?.mode, 'function');
    previous = next!;
    hits.push(keptStats.hits - before);
  }
  return { keys, kept, hits };
}

void test('helpers that read a buffer view replay: the descriptor table is compared by its facts, not by the answers it memoised', () => {
  // ToShader binds and draws through a vertex buffer view another function points at a resource: its evaluation
  // asks the file's descriptor table for that view. The earlier run's table holds that answer, this run's not yet.
  const text = LOOP
    .replace('  cl->Barrier(1, &g);\n', '  cl->Barrier(1, &g);\n  cl->IASetVertexBuffers(0, 1, &m_vertexBufferView);\n  cl->DrawInstanced(3, 1, 0, 0);\n')
    .replace('void Show(', 'void CreateViews(ID3D12Resource* vb) {\n  m_vertexBufferView.BufferLocation = vb->GetGPUVirtualAddress();\n}\nvoid Show(');
  const { keys, kept, hits } = typeInFrame(text);
  assert.equal(kept.refused.environment, undefined, `refused: ${kept.lastDifference}`);
  assert.ok(hits.some((h) => h > 0), 'typing on replays the helpers\' calls');
  assertSameTyping(text, keys, 'a helper reading a buffer view');
});

void test('a helper that binds a handle another helper stored replays from the keystroke that extracted both afresh', () => {
  // CreateViews stores a heap's first handle in a member and creates a view there; ToShader binds and clears it. The
  // first keystroke extracts both afresh, and there the descriptor facts (the stored handle, the view) and ToShader's
  // bind event held the ranges of CreateViews' events themselves; the second keystroke's copies of the two functions
  // (function cache) hold ranges of their own, and the kept calls refused to pair the two runs ("range paired with
  // another"). The descriptor facts and a stored handle read elsewhere now hold ranges of their own in both.
  const text = LOOP
    .replace('  cl->Barrier(1, &g);\n', '  cl->Barrier(1, &g);\n  cl->OMSetRenderTargets(1, &heapStart.cpuHandle, FALSE, nullptr);\n  cl->ClearRenderTargetView(heapStart.cpuHandle, m_color, 0, nullptr);\n')
    .replace('  int frames = 0;\n', '  int frames = 0;\n  CreateViews(nullptr, tex);\n')
    .replace('void Show(', 'void CreateViews(ID3D12Device* device, ID3D12Resource* rt) {\n  heapStart.cpuHandle = m_rtvHeap->GetCPUDescriptorHandleForHeapStart();\n  device->CreateRenderTargetView(rt, nullptr, heapStart.cpuHandle);\n}\nvoid Show(');
  const { keys, kept, hits } = typeInFrame(text);
  assert.deepEqual(kept.refused, {}, `refused: ${kept.lastDifference}`);
  assert.ok(hits[1] > 0, `the second keystroke replays the first's helper calls (hits ${hits.join(' ')})`);
  assertSameTyping(text, keys, 'a helper binding a stored handle');
});
