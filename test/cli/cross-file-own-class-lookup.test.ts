// An unqualified call in a method whose class this file defines a same-named method of (one that records nothing)
// names that class's method, by C++ name lookup: never a same-named helper of an unrelated class in another file of
// the run (track/workspace.ts functionIndex). Before, the lookup fell through to the run's helpers: the other
// class's transitions were applied to this class's members (a false legacy-state-mismatch), and every such method
// of a vendored d3dx12.h (`Init(*this, reg, space)`) evaluated an engine's `Init`, at a cost.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ruleLinesBySrcFile } from './helpers';

const PACKER = `struct ViewPacker
{
    ID3D12GraphicsCommandList* m_cmd;
    ID3D12Resource* m_target;
    UINT m_slot;

    void Render()
    {
        m_cmd->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_target, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST));
        Setup(m_slot);
        m_cmd->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_target, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE));
    }

    void Setup(UINT slot)
    {
        m_slot = slot + 1;
    }
};
`;

const UPLOADER = `#include "uploader.h"
void Uploader::Setup(UINT count)
{
    m_cmd->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_target, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_GENERIC_READ));
}
`;

// A class deriving from Uploader, with no Setup of its own: the call is the base's, evaluated.
const DERIVED = `struct StreamUploader : public Uploader
{
    void Render()
    {
        m_cmd->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_target, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST));
        Setup(1);
        m_cmd->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_target, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE));
    }
};
`;

const findings = ruleLinesBySrcFile;

void describe('own-class lookup of unqualified calls across files', () => {
  void it("stays silent: the class's own Setup (recording nothing) is called, not another class's", () => {
    const got = findings({ 'src/packer.h': PACKER, 'src/uploader.cpp': UPLOADER });
    assert.deepEqual(got['packer.h'], []);
    assert.deepEqual(got['uploader.cpp'], []);
  });

  void it('still fires on a wrong before-state in the same method', () => {
    const wrong = PACKER.replace('Transition(m_target, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)',
      'Transition(m_target, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)');
    const got = findings({ 'src/packer.h': wrong, 'src/uploader.cpp': UPLOADER });
    assert.deepEqual(got['packer.h'], ['legacy-state-mismatch:11']);
  });

  void it("still evaluates a base class's method of another file (the class declares no Setup of its own)", () => {
    const got = findings({ 'src/stream.h': DERIVED, 'src/uploader.cpp': UPLOADER });
    assert.deepEqual(got['stream.h'], ['legacy-state-mismatch:7']);
  });

  void it("still evaluates the class's own overload defined in another file", () => {
    const own = UPLOADER.replace('void Uploader::Setup(UINT count)', 'void ViewPacker::Setup(UINT count, UINT more)').replace('#include "uploader.h"', '#include "packer.h"');
    const packer = PACKER.replace('Setup(m_slot);', 'Setup(m_slot, 2);');
    const got = findings({ 'src/packer.h': packer, 'src/packer.cpp': own });
    assert.deepEqual(got['packer.h'], ['legacy-state-mismatch:11']);
  });
});
