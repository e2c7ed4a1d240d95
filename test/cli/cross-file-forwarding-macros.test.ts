// Forwarding macros defined in a header of the run (`#define read_back(a, b) read_back_(__LINE__, a, b)`, the
// vkd3d-proton test-suite shape): a file that calls the macro reaches the function it forwards to, so the helper's
// copy is judged against the caller's state. Without the header, or with the macro forwarding elsewhere, or with the
// source moved to COPY_SOURCE first, it stays silent. The helper's own branch on the resource's sample count
// (`desc = GetDesc(res); if (desc.SampleDesc.Count > 1) resolve; else copy`) is decided by the resource's creation.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `static inline void read_back_(unsigned int line, ID3D12Resource *texture, ID3D12GraphicsCommandList *list,
        ID3D12Resource *readback, ID3D12Resource *scratch)
{
    D3D12_TEXTURE_COPY_LOCATION dst, src;
    D3D12_RESOURCE_DESC desc;
    desc = ID3D12Resource_GetDesc(texture);
    ok(desc.Dimension != D3D12_RESOURCE_DIMENSION_BUFFER, "Resource %p is not a texture; command list %p.\\n", texture, list);
    if (desc.SampleDesc.Count > 1)
    {
        ID3D12GraphicsCommandList_ResolveSubresource(list, scratch, 0, texture, 0, desc.Format);
        return;
    }
    src.pResource = texture;
    src.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    src.SubresourceIndex = 0;
    dst.pResource = readback;
    dst.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    ID3D12GraphicsCommandList_CopyTextureRegion(list, &dst, 0, 0, 0, &src, NULL);
}
#define read_back(a, b, c, d) read_back_(__LINE__, a, b, c, d)
`;

const TEST = (samples: number, state: string) => `#include "utils.h"
void test_read(ID3D12Device *device, ID3D12GraphicsCommandList *list, ID3D12Resource *readback, ID3D12Resource *scratch)
{
    D3D12_HEAP_PROPERTIES heap_properties;
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *rt;
    memset(&heap_properties, 0, sizeof(heap_properties));
    heap_properties.Type = D3D12_HEAP_TYPE_DEFAULT;
    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.SampleDesc.Count = ${samples};
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    ID3D12Device_CreateCommittedResource(device, &heap_properties, D3D12_HEAP_FLAG_NONE, &desc,
            ${state}, NULL, &IID_ID3D12Resource, (void **)&rt);
    read_back(rt, list, readback, scratch);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; message: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  const test = out.files.find((f) => f.path.endsWith('test.c'));
  return (test?.diagnostics ?? []).filter((d) => d.rule !== 'parse-problem').map((d) => `${d.rule}:${d.line}:${/Using (\w+)/.exec(d.message)?.[1] ?? ''}`);
}

const RT = 'D3D12_RESOURCE_STATE_RENDER_TARGET';

void describe('forwarding macros of another file of the run', () => {
  void it('a single-sample target read back in RENDER_TARGET: the copy needs COPY_SOURCE (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/utils.h': HEADER, 'src/test.c': TEST(1, RT) });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), ['invalid-subresource-state:15:CopyTextureRegion'], run.stdout);
    }
  });

  void it('a multisampled target is resolved, not copied: RESOLVE_SOURCE is needed', () => {
    const dir = tempTree({ 'src/utils.h': HEADER, 'src/test.c': TEST(4, 'D3D12_RESOURCE_STATE_COPY_SOURCE') });
    assert.deepEqual(findings(runCli(['--format', 'json', '--jobs', '1', 'src'], dir).stdout), ['invalid-subresource-state:15:ResolveSubresource']);
  });

  void it('a single-sample target in COPY_SOURCE is copied: silent (the resolve branch is not taken)', () => {
    const dir = tempTree({ 'src/utils.h': HEADER, 'src/test.c': TEST(1, 'D3D12_RESOURCE_STATE_COPY_SOURCE') });
    assert.deepEqual(findings(runCli(['--format', 'json', '--jobs', '1', 'src'], dir).stdout), []);
  });

  void it('a target whose creation is not seen: neither branch judges it (silent)', () => {
    const test = `#include "utils.h"
void test_read(ID3D12GraphicsCommandList *list, ID3D12Resource *rt, ID3D12Resource *readback, ID3D12Resource *scratch)
{
    D3D12_RESOURCE_BARRIER b;
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Flags = D3D12_RESOURCE_BARRIER_FLAG_NONE;
    b.Transition.pResource = rt;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_RENDER_TARGET;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
    ID3D12GraphicsCommandList_ResourceBarrier(list, 1, &b);
    read_back(rt, list, readback, scratch);
}
`;
    const dir = tempTree({ 'src/utils.h': HEADER, 'src/test.c': test });
    assert.deepEqual(findings(runCli(['--format', 'json', '--jobs', '1', 'src'], dir).stdout), []);
  });

  void it('with --cache, the analysis with the imported macro is cached: warm runs and a changed helper elsewhere answer as uncached runs', () => {
    // A third file's helper: changing it misses the caller's cached helper-pass result, while its cached analysis
    // with the imported macro still hits — the helper pass then makes that analysis's facts again from the text.
    const other = (state: string) => `void other_transition(ID3D12GraphicsCommandList *list, ID3D12Resource *r)
{
    D3D12_RESOURCE_BARRIER b;
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Flags = D3D12_RESOURCE_BARRIER_FLAG_NONE;
    b.Transition.pResource = r;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_RENDER_TARGET;
    b.Transition.StateAfter = ${state};
    ID3D12GraphicsCommandList_ResourceBarrier(list, 1, &b);
}
`;
    const test = TEST(1, RT).replace('    read_back(rt, list, readback, scratch);', '    other_transition(list, rt);\n    read_back(rt, list, readback, scratch);');
    const PSR = 'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE';
    const dir = tempTree({ 'src/utils.h': HEADER, 'src/test.c': test, 'src/other.c': other(PSR) });
    const cache = path.join(dir, 'cache');
    const run = (args: string[]) => findings(runCli(['--format', 'json', '--jobs', '1', ...args, 'src'], dir).stdout);
    const uncached = run(['--no-cache']);
    assert.deepEqual(uncached, ['invalid-subresource-state:16:CopyTextureRegion']);
    assert.deepEqual(run(['--cache', '--cache-location', cache]), uncached);
    assert.deepEqual(run(['--cache', '--cache-location', cache]), uncached);
    fs.writeFileSync(path.join(dir, 'src/other.c'), other('D3D12_RESOURCE_STATE_COPY_SOURCE'));
    assert.deepEqual(run(['--no-cache']), []);
    assert.deepEqual(run(['--cache', '--cache-location', cache]), []);
    assert.deepEqual(run(['--cache', '--cache-location', cache]), []);
    // The macro forwards elsewhere: the cached analysis with the old macro must not be reused.
    fs.writeFileSync(path.join(dir, 'src/utils.h'), HEADER.replace('#define read_back(a, b, c, d) read_back_(__LINE__, a, b, c, d)', '#define read_back(a, b, c, d) other_read(__LINE__, a, b, c, d)'));
    fs.writeFileSync(path.join(dir, 'src/other.c'), other(PSR));
    const elsewhere = run(['--no-cache']);
    assert.deepEqual(run(['--cache', '--cache-location', cache]), elsewhere);
    assert.deepEqual(run(['--cache', '--cache-location', cache]), elsewhere);
  });

  void it('without the header the macro is an unknown call: silent', () => {
    const dir = tempTree({ 'src/test.c': TEST(1, RT) });
    assert.deepEqual(findings(runCli(['--format', 'json', '--jobs', '1', 'src'], dir).stdout), []);
  });
});
