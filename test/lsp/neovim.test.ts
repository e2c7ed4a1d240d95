// Neovim (Debian's 0.7) as a real LSP client: headless nvim starts `barrierlint --stdio`, opens the editor fixture
// and must receive the annotated diagnostics at the right lines. Neovim turns the server's UTF-16 columns into
// byte columns, so the emoji and Chinese text before the barrier also check the position encoding.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseExpectations } from '../harness/fixture';
import { EDITOR_FIXTURE } from '../harness/lsp-client';
import { typingFile } from '../bench/bench-lsp-typing';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'out', 'server', 'src', 'cli', 'main.js');
const PROBE = join(ROOT, 'test', 'harness', 'nvim-probe.lua');
const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const skip = nvim.status === 0 ? false : 'nvim is not installed (apt-get install neovim); .ci/run installs it';

interface NvimDiagnostic {
  lnum: number;
  col: number;
  end_col: number;
  severity: number;
  code: string;
  source: string;
  message: string;
}

/** Runs the probe in headless nvim against the editor fixture with extra env; returns the JSON lines it wrote. */
function runProbe(expectedCount: number, extraEnv: Record<string, string> = {}, files: Record<string, string> = {}): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'barrierlint-nvim-'));
  // Files of the test's own (written into the probe's directory): BARRIERLINT_FILE names one by its path there.
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  if (extraEnv.BARRIERLINT_FILE && !extraEnv.BARRIERLINT_FILE.startsWith('/')) extraEnv = { ...extraEnv, BARRIERLINT_FILE: join(dir, extraEnv.BARRIERLINT_FILE) };
  const out = join(dir, 'diagnostics.jsonl');
  try {
    const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${PROBE}`], {
      encoding: 'utf8',
      timeout: 180_000,
      env: {
        ...process.env,
        BARRIERLINT_CMD: JSON.stringify([process.execPath, CLI, '--stdio']),
        BARRIERLINT_FILE: EDITOR_FIXTURE,
        BARRIERLINT_OUT: out,
        BARRIERLINT_EXPECT: String(expectedCount),
        ...extraEnv,
      },
    });
    assert.equal(run.status, 0, `nvim failed: ${run.stderr} ${run.error ?? ''}`);
    return readFileSync(out, 'utf8').split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Neovim headless as LSP client', { skip }, () => {
  it('attaches barrierlint --stdio and gets the fixture diagnostics at the annotated lines', () => {
    const text = readFileSync(EDITOR_FIXTURE, 'utf8');
    const expected = parseExpectations(text);
    const got = runProbe(expected.length).map((l) => JSON.parse(l) as NvimDiagnostic);
    assert.equal(got.length, expected.length, JSON.stringify(got));
    const line = text.split('\n')[expected[0].line];
    const byteColumn = Buffer.byteLength(line.slice(0, expected[0].column), 'utf8');
    assert.deepEqual(
      got.map((d) => ({ lnum: d.lnum, col: d.col, severity: d.severity, code: d.code, source: d.source })),
      [{ lnum: expected[0].line, col: byteColumn, severity: 1, code: 'sync-none-access-mismatch', source: 'barrierlint' }],
    );
    assert.match(got[0].message, /INCOMPATIBLE_BARRIER_VALUES/);
  });

  it('honours the README recipe `settings = { barrierlint = { rules = … } }` (pulled through workspace/configuration)', () => {
    const expected = parseExpectations(readFileSync(EDITOR_FIXTURE, 'utf8'));
    const got = runProbe(expected.length, {
      BARRIERLINT_SETTINGS: JSON.stringify({ barrierlint: { rules: { 'sync-none-access-mismatch': 'warning' } } }),
      BARRIERLINT_SEVERITY: '2',
    }).map((l) => JSON.parse(l) as NvimDiagnostic);
    assert.deepEqual(got.map((d) => [d.code, d.severity]), [['sync-none-access-mismatch', 2]]);
  });

  it('asks for the resource timeline (workspace/executeCommand barrierlint.timeline) at a barrier', () => {
    const text = readFileSync(EDITOR_FIXTURE, 'utf8');
    const expected = parseExpectations(text);
    const line = text.split('\n').findIndex((l) => l.includes('tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE'));
    const last = JSON.parse(runProbe(expected.length, { BARRIERLINT_TIMELINE: `${line},9` }).pop()!) as { timeline: { resource: string; function: string; entries: { line: number; after: string }[] } };
    assert.equal(last.timeline.resource, 'tex');
    assert.equal(last.timeline.function, 'TransitionForSampling');
    assert.deepEqual(last.timeline.entries.map((e) => e.after), ['SHADER_RESOURCE, SHADER_RESOURCE']);
  });

  it('opens a rule\'s documentation without window/showDocument (Neovim 0.7): the address comes as a message', () => {
    const expected = parseExpectations(readFileSync(EDITOR_FIXTURE, 'utf8'));
    const last = JSON.parse(runProbe(expected.length, { BARRIERLINT_DOCS: 'sync-none-access-mismatch' }).pop()!) as { docs: unknown; err: unknown; messages: string[] };
    assert.equal(last.err, null, JSON.stringify(last));
    // A client that declares showDocument (Neovim 0.8+) gets the page opened instead: true, no message.
    if (last.docs === false) assert.ok(last.messages.some((m) => /sync-none-access-mismatch\.md/.test(m)), JSON.stringify(last));
    else assert.equal(last.docs, true, JSON.stringify(last));
  });

  it('applies the whole-barrier "Match the tracked state" fix and the fixed text is analysed clean', () => {
    // The second barrier of tex names COPY_SOURCE before, where the first left it in RENDER_TARGET (layout, access
    // and sync all wrong): one fix sets the three before-fields together.
    const source = [
      'void Shade(ID3D12GraphicsCommandList7* list, ID3D12Resource* target)',
      '{',
      '    CD3DX12_TEXTURE_BARRIER toTarget(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_ACCESS_NO_ACCESS,',
      '        D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_RENDER_TARGET, target,',
      '        CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));',
      '    CD3DX12_BARRIER_GROUP first(1, &toTarget);',
      '    list->Barrier(1, &first);',
      '    CD3DX12_TEXTURE_BARRIER toRead(D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_COPY_SOURCE,',
      '        D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_COPY_SOURCE, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, target,',
      '        CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));',
      '    CD3DX12_BARRIER_GROUP second(1, &toRead);',
      '    list->Barrier(1, &second);',
      '}',
      '',
    ].join('\n');
    const fix = { line: 11, character: 10, title: 'Match the tracked state' };
    const last = JSON.parse(runProbe(1, { BARRIERLINT_FILE: 'shade.cpp', BARRIERLINT_FIX: JSON.stringify(fix) }, { 'shade.cpp': source }).pop()!) as
      { titles: string[]; applied: string | null; after: string[]; text: string[] };
    assert.ok(last.applied, `a whole-barrier fix is offered: ${JSON.stringify(last.titles)}`);
    assert.match(last.applied, /LayoutBefore D3D12_BARRIER_LAYOUT_RENDER_TARGET/);
    assert.deepEqual(last.after, [], `no finding after the fix: ${JSON.stringify(last)}`);
    const fixed = last.text.join('\n');
    assert.match(fixed, /CD3DX12_TEXTURE_BARRIER toRead\(D3D12_BARRIER_SYNC_\w+, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_RENDER_TARGET,/);
    assert.match(fixed, /D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, target,/);
    // Silent case: the first barrier is untouched.
    assert.match(fixed, /toTarget\(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_ACCESS_NO_ACCESS,/);
  });

  it('an edit made while a 6,000-line file is analysed gets its own diagnostics; no older version is published after it', () => {
    const text = typingFile(6000);
    // A new statement after the first `cl->Barrier(1, &group);`: a barrier call with a null array.
    const line = text.split('\n').findIndex((l) => l.includes('cl->Barrier(1, &group);'));
    const edit = { line, text: '    cl->Barrier(1, nullptr);', message: 'pBarrierGroups is NULL but NumBarrierGroups is 1' };
    const got = JSON.parse(runProbe(0, { BARRIERLINT_FILE: 'big.cpp', BARRIERLINT_EDIT_AT_OPEN: JSON.stringify(edit) }, { 'big.cpp': text }).pop()!) as
      { edited: number; published: (number | null)[]; found: boolean };
    assert.ok(got.found, `the edit's finding arrived: ${JSON.stringify(got)}`);
    const first = got.published.findIndex((v) => v !== null && v >= got.edited);
    assert.ok(first >= 0, JSON.stringify(got));
    // Once the edited version was published, no diagnostics of an older version follow (they would be stale).
    assert.deepEqual(got.published.slice(first).filter((v) => v !== null && v < got.edited), [], JSON.stringify(got));
  });

  it('stays calm while a barrier is typed character by character, and reports the unfinished one after a pause', () => {
    const text = readFileSync(EDITOR_FIXTURE, 'utf8');
    const expected = parseExpectations(text);
    // A new line at the start of the first function body; the last enumerator is left half-typed.
    const line = text.split('\n').findIndex((l) => l.startsWith('{')) + 1;
    const typed = '    CD3DX12_TEXTURE_BARRIER t(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_LAYOUT_SHADER_RESOURC';
    const last = JSON.parse(runProbe(expected.length, { BARRIERLINT_TYPE: JSON.stringify({ line, text: typed }) }).pop()!) as { typing: string[]; paused: string[] };
    const noise = ['unknown-enumerator', 'no-matching-overload', 'parse-problem'];
    assert.deepEqual(last.typing.filter((c) => noise.includes(c)), [], 'no typing noise on the line being typed');
    assert.ok(last.paused.some((c) => noise.includes(c)), `after the pause the unfinished barrier is reported: ${JSON.stringify(last.paused)}`);
  });
});
