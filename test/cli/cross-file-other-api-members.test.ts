// Members of another API declared in a header: `m_ctx11->CopyResource(m_target11[i], m_shared11)` in a .cpp whose
// class declares `ID3D11DeviceContext4* m_ctx11` in its header is a D3D11 copy (the runtime tracks those hazards
// itself). The .cpp alone does not know the member's type, so a derived class's file that calls the method twice
// read two D3D12 copies to one destination with no barrier (copy-dest-hazard; OptiScaler's Dx11-on-12 features).
// The same method over D3D12 members still fires. Another class declaring the same names as D3D12 objects does not
// mix with them: member types are keyed by their declaring class, and bridge.cpp defines the bridge's methods.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as path from 'node:path';
import { runCli, tempTree } from './helpers';

const BRIDGE_H = `#pragma once
#include <d3d11_4.h>
#include <d3d12.h>
class Bridge
{
public:
    bool CopyBack11();
    bool CopyBack12();
protected:
    ID3D11DeviceContext4* m_ctx11 = nullptr;
    ID3D11Resource* m_target11[2] = { nullptr, nullptr };
    ID3D11Texture2D* m_shared11 = nullptr;
    ID3D12GraphicsCommandList* m_list12 = nullptr;
    ID3D12Resource* m_target12 = nullptr;
    ID3D12Resource* m_shared12 = nullptr;
    unsigned m_frame = 0;
};
`;
const BRIDGE_CPP = `#include "bridge.h"
bool Bridge::CopyBack11()
{
    m_ctx11->CopyResource(m_target11[m_frame % 2], m_shared11);
    return true;
}
bool Bridge::CopyBack12()
{
    m_list12->CopyResource(m_target12, m_shared12);
    return true;
}
`;
const UPSCALER_CPP = `#include "bridge.h"
class Upscaler : public Bridge
{
public:
    void Evaluate11();
    void Evaluate12();
};
void Upscaler::Evaluate11()
{
    CopyBack11();
    CopyBack11();
}
void Upscaler::Evaluate12()
{
    CopyBack12();
    CopyBack12();
}
`;
// Another class of the run names its D3D12 list and resources like the D3D11 members: by name alone the names were
// ambiguous and nothing was given (the D3D11 copies then read as D3D12 ones); the bridge's own declarations are given.
const OTHER_H = `#pragma once
#include <d3d12.h>
struct Recorder { ID3D12GraphicsCommandList* m_ctx11; ID3D12Resource* m_target11[2]; ID3D12Resource* m_shared11; };
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number }[] }[] };

function hazards(files: Record<string, string>, jobs = '1'): string[] {
  const r = runCli(['--format', 'json', '--jobs', jobs, 'src'], tempTree(files));
  const out = JSON.parse(r.stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.rule === 'copy-dest-hazard').map((d) => `${path.basename(f.path)}:${d.line}`)).sort();
}

void describe('members of another API declared in a header of the run', () => {
  const run = { 'src/bridge.h': BRIDGE_H, 'src/bridge.cpp': BRIDGE_CPP, 'src/upscaler.cpp': UPSCALER_CPP };

  void it('a D3D11 copy through a header member is not a D3D12 one; the D3D12 twin still fires (serially and on workers)', () => {
    for (const jobs of ['1', '2']) assert.deepEqual(hazards(run, jobs), ['upscaler.cpp:16']);
  });

  void it('member names another class declares as D3D12 objects do not mix with the bridge\'s own', () => {
    assert.deepEqual(hazards({ ...run, 'src/other.h': OTHER_H }), ['upscaler.cpp:16']);
  });
});
