// A layer class whose state-tracking method (another file of the run) records its barrier on its own member
// (`m_image`), while the pass names the same texture through a getter the run does not show (`m_layer->Image()`,
// declared in a header that is not part of the run). The member and the getter of one object may be one resource:
// the barrier orders the copy before it, and the second copy is no hazard. Before, the pending copy under the getter's
// key survived the method's barrier on the member: a false `copy-dest-hazard` at every repeated copy.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const LAYER = `#include <d3d12.h>
#include "layer.h"
void Layer::Settle(ID3D12GraphicsCommandList* list, D3D12_RESOURCE_STATES wanted)
{
    if (m_current == wanted)
        return;
    D3D12_RESOURCE_BARRIER rb = {};
    rb.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    rb.Transition.pResource = m_image.Get();
    rb.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    rb.Transition.StateBefore = m_current;
    rb.Transition.StateAfter = wanted;
    list->ResourceBarrier(1, &rb);
    m_current = wanted;
}
`;
const PASS = `#include <d3d12.h>
#include "pass.h"
void Composite::Stack(ID3D12GraphicsCommandList* list, ID3D12Resource* frame, unsigned count)
{
    for (unsigned n = 0; n < count; ++n)
    {
        m_layer->Settle(list, D3D12_RESOURCE_STATE_COPY_DEST);
        list->CopyResource(m_layer->Image(), frame);
        m_layer->Settle(list, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
        list->DrawInstanced(4, 1, 0, 0);
    }
}
void Composite::Twice(ID3D12GraphicsCommandList* list, ID3D12Resource* frame)
{
    list->CopyResource(m_layer->Image(), frame);
    m_layer->Settle(list, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    m_layer->Settle(list, D3D12_RESOURCE_STATE_COPY_DEST);
    list->CopyResource(m_layer->Image(), frame);
}
void Composite::OtherLayer(ID3D12GraphicsCommandList* list, ID3D12Resource* frame)
{
    list->CopyResource(m_layer->Image(), frame);
    m_overlay->Settle(list, D3D12_RESOURCE_STATE_COPY_DEST);
    list->CopyResource(m_layer->Image(), frame);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

void describe("a method's barrier on its object's member", () => {
  void it("orders a copy named through the object's getter; another object's barrier does not", () => {
    const dir = tempTree({ 'src/layer.cpp': LAYER, 'src/pass.cpp': PASS });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    const found = (JSON.parse(run.stdout) as Out).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`));
    assert.deepEqual(found, ['pass.cpp:24:copy-dest-hazard'], run.stdout);
  });
});
