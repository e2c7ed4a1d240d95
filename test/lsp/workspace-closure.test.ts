// The editor's diagnostics of a file equal the CLI's for the same workspace, when what decides them lies in files the
// open one never names: a helper reached only through another file's helper (frame.cpp → targets.cpp → util.cpp),
// and a list member another file creates with a different type in a function the open file does not call
// (context.h's `make_direct_list`: the run's list types then give `ctx->list` no type). The whole-file analysis
// and the callers' re-check run on the background thread, which receives a part of the workspace index only: that
// part must answer these lookups as the whole index does. `barrierlint --stdio` as a child process.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type Diagnostic } from 'vscode-languageserver/node';
import { TestClient } from '../harness/lsp-client';

const CLI = join(__dirname, '..', '..', 'server', 'src', 'cli', 'main.js');

const FILES: Record<string, string> = {
  'util.cpp': `void Transition(ID3D12GraphicsCommandList* cl, ID3D12Resource* res, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(res, before, after);
    cl->ResourceBarrier(1, &b);
}
`,
  'targets.cpp': `void ToRenderTarget(ID3D12GraphicsCommandList* cl, ID3D12Resource* res) {
    Transition(cl, res, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
}
`,
  'frame.cpp': `void Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* rt) {
    ToRenderTarget(cl, rt);
    ToRenderTarget(cl, rt);
}
`,
  'passes.cpp': `static void Prepare(ID3D12GraphicsCommandList* cl, ID3D12Resource* rt) {
}
void Passes(ID3D12GraphicsCommandList* cl, ID3D12Resource* rt) {
    Prepare(cl, rt);
    Prepare(cl, rt);
}
`,
  'context.h': `struct context
{
    ID3D12Device *device;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
};
void wait_idle(struct context *ctx);
static inline void init_context(struct context *ctx)
{
    wait_idle(ctx);
}
static inline void make_direct_list(struct context *ctx)
{
    ID3D12Device_CreateCommandList(ctx->device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, ctx->allocator, NULL,
            &IID_ID3D12GraphicsCommandList, (void **)&ctx->list);
}
`,
  'test.c': `#include "context.h"
static void init_compute_context(struct context *ctx)
{
    ID3D12Device_CreateCommandList(ctx->device, 0, D3D12_COMMAND_LIST_TYPE_COMPUTE, ctx->allocator, NULL,
            &IID_ID3D12GraphicsCommandList, (void **)&ctx->list);
}
void test_render_target(ID3D12Resource *rt)
{
    struct context ctx;
    D3D12_RESOURCE_BARRIER barrier;
    init_context(&ctx);
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Flags = D3D12_RESOURCE_BARRIER_FLAG_NONE;
    barrier.Transition.pResource = rt;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = D3D12_RESOURCE_STATE_RENDER_TARGET;
    barrier.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
    ID3D12GraphicsCommandList_ResourceBarrier(ctx.list, 1, &barrier);
}
`,
};

/** What a finding is, for comparing the two surfaces: rule and 1-based line. */
const key = (rule: unknown, line: number): string => `${String(rule)}:${line}`;

/** The body `Prepare` gets while the editor has passes.cpp open (one keystroke-sized change). */
const PREPARE_BODY = '    ToRenderTarget(cl, rt);\n';

function cliFindings(dir: string): Map<string, string[]> {
  const run = spawnSync(process.execPath, [CLI, '--format', 'json', '--jobs', '1', 'src'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  const out = JSON.parse(run.stdout) as { files: { path: string; diagnostics: { rule: string; line: number }[] }[] };
  return new Map(out.files.map((f) => [f.path.replace(/^src\//, ''), f.diagnostics.map((d) => key(d.rule, d.line)).sort()]));
}

const editorFindings = (diagnostics: Diagnostic[]): string[] => diagnostics.map((d) => key(d.code, d.range.start.line + 1)).sort();

describe('the editor sees what the CLI sees through other files of the workspace', () => {
  let dir: string;
  let child: ChildProcess;
  let client: TestClient;
  let cli: Map<string, string[]>;
  const uri = (name: string): string => pathToFileURL(join(dir, 'src', name)).href;

  before(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'barrierlint-closure-')));
    mkdirSync(join(dir, 'src'));
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, 'src', name), text);
    cli = cliFindings(dir);
    child = spawn(process.execPath, [CLI, '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    client = new TestClient(createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!)),
      { settings: {}, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'ws' }] });
    await client.initialize();
  });
  after(() => {
    client.dispose();
    if (child.exitCode === null) child.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Waits until the file's latest publication equals the CLI's findings; fails with the last one seen. */
  async function settlesOnCli(name: string, version: number): Promise<void> {
    const expected = cli.get(name) ?? [];
    const latest = (): string[] | undefined => {
      const p = client.published.filter((q) => q.uri === uri(name) && q.version === version).at(-1);
      return p && editorFindings(p.diagnostics);
    };
    try {
      await client.waitFor(() => (JSON.stringify(latest()) === JSON.stringify(expected) ? true : undefined), 20_000);
    } catch {
      assert.deepEqual(latest(), expected, `${name}: the editor's diagnostics differ from the CLI's`);
    }
  }

  it('the CLI reports the mismatch through two helpers and nothing on the list member both files create', () => {
    assert.deepEqual(cli.get('frame.cpp'), ['legacy-state-mismatch:3']);
    assert.deepEqual(cli.get('test.c') ?? [], []);
  });

  it('a helper reached only through another file\'s helper (whole-file analysis on open)', async () => {
    await client.open(uri('frame.cpp'), FILES['frame.cpp'], 1);
    await settlesOnCli('frame.cpp', 1);
  });

  it('a list member another file creates in a function the open file never calls (whole-file analysis on open)', async () => {
    await client.open(uri('test.c'), FILES['test.c'], 1);
    await settlesOnCli('test.c', 1);
  });

  it('the callers re-checked once typing pauses, after an edit in the function they call', async () => {
    writeFileSync(join(dir, 'src', 'passes.cpp'), FILES['passes.cpp'].replace('{\n}', `{\n${PREPARE_BODY}}`));
    const edited = cliFindings(dir).get('passes.cpp');
    assert.deepEqual(edited, ['legacy-state-mismatch:6']);
    cli.set('passes.cpp', edited!);
    await client.open(uri('passes.cpp'), FILES['passes.cpp'], 1);
    await client.diagnostics(uri('passes.cpp'), (p) => p.version === 1);
    await client.change(uri('passes.cpp'), 2, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: PREPARE_BODY }]);
    await settlesOnCli('passes.cpp', 2);
  });

  it('after an edit and a save (whole-file analysis again)', async () => {
    const text = FILES['frame.cpp'].replace('    ToRenderTarget(cl, rt);\n}', '    ToRenderTarget(cl, rt);\n\n}');
    await client.change(uri('frame.cpp'), 2, [{ text }]);
    await client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: uri('frame.cpp') } });
    await settlesOnCli('frame.cpp', 2);
  });
});
