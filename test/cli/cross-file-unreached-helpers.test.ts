// A file that records nothing of the API and calls functions another file of the run defines (a UI panel calling a
// widget library's `Label`, which calls `Text`): when none of those functions records anything of the API either,
// nor calls one that does, the helper pass does not analyse the file again — the widgets cannot change a resource,
// list or barrier of it, and evaluating a whole UI library at every call only ran vendored code into the analysis
// budget. Its twin calls the same names, but the other file's `Label` reaches a barrier through `Text`, defined in
// a third file: the file is analysed again, and the barrier it makes twice through that chain is its finding.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const PANEL = `struct Panel;
struct Texture;
void Label(Panel* p, Texture* t, const char* s);
void Separator(Panel* p);
void DrawStats(Panel* p, Texture* t)
{
    Label(p, t, "frame");
    Label(p, t, "gpu");
    Separator(p);
}
`;
// The widget library: its functions call each other and record nothing of the API.
// Swapping two of its pointers renames objects (a swap event) but records nothing.
const WIDGETS = `struct Texture;
struct Panel { int cursor; Texture* items[2]; };
void Text(Panel* p, Texture* t, const char* s) { Advance(p, t); std::swap(p->items[0], p->items[1]); }
void Label(Panel* p, Texture* t, const char* s) { Text(p, t, s); }
void Separator(Panel* p) { Line(p, 1); }
`;
// The twin's library: the same names, and Text moves the texture to a copy source.
const GPU_WIDGETS = `struct Panel { ID3D12GraphicsCommandList* cl; };
struct Texture { ID3D12Resource* res; };
void Label(Panel* p, Texture* t, const char* s) { Text(p, t, s); }
void Separator(Panel* p) { Line(p, 1); }
`;
const GPU_TEXT = `#include <d3d12.h>
struct Panel { ID3D12GraphicsCommandList* cl; };
struct Texture { ID3D12Resource* res; };
void Text(Panel* p, Texture* t, const char* s)
{
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = t->res;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_COMMON;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    p->cl->ResourceBarrier(1, &b);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

const again = (stderr: string): string[] => stderr.split('\n').filter((l) => l.startsWith('barrierlint-trace helpers '))
  .map((l) => l.replace(/^.*\//, ''));
const found = (stdout: string): string[] => (JSON.parse(stdout) as Out).files.flatMap((f) => f.diagnostics.map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`));

void describe('the helper pass and helpers that reach no API call', () => {
  void it('does not analyse a file again for functions that reach no API call', () => {
    const dir = tempTree({ 'ui/panel.cpp': PANEL, 'ui/widgets.cpp': WIDGETS });
    const run = runCli(['--format', 'json', '--jobs', '1', '--no-cache', 'ui'], dir, { BARRIERLINT_TRACE_TIMES: '1' });
    assert.deepEqual(again(run.stderr), [], run.stderr);
    assert.deepEqual(found(run.stdout), [], run.stdout);
  });

  void it('analyses it again when one of them reaches a barrier through a third file', () => {
    const dir = tempTree({ 'ui/panel.cpp': PANEL, 'ui/widgets.cpp': GPU_WIDGETS, 'ui/text.cpp': GPU_TEXT });
    const run = runCli(['--format', 'json', '--jobs', '1', '--no-cache', 'ui'], dir, { BARRIERLINT_TRACE_TIMES: '1' });
    assert.ok(again(run.stderr).some((l) => l === 'panel.cpp'), run.stderr);
    assert.ok(found(run.stdout).some((f) => f === 'panel.cpp:8:legacy-state-mismatch'), run.stdout);
  });
});
