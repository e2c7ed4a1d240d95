// Neovim (Debian's 0.7) as a real LSP client: headless nvim starts `barrierlint --stdio`, opens the editor fixture
// and must receive the annotated diagnostics at the right lines. Neovim turns the server's UTF-16 columns into
// byte columns, so the emoji and Chinese text before the barrier also check the position encoding.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseExpectations } from '../harness/fixture';
import { EDITOR_FIXTURE } from '../harness/lsp-client';

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
function runProbe(expectedCount: number, extraEnv: Record<string, string> = {}): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'barrierlint-nvim-'));
  const out = join(dir, 'diagnostics.jsonl');
  try {
    const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${PROBE}`], {
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        BARRIERLINT_CMD: JSON.stringify([process.execPath, CLI, '--stdio']),
        BARRIERLINT_FILE: EDITOR_FIXTURE,
        BARRIERLINT_OUT: out,
        BARRIERLINT_EXPECT: String(expectedCount),
        ...extraEnv,
      },
    });
    assert.equal(run.status, 0, `nvim failed: ${run.stderr}`);
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
