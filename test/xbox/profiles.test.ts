// The same source linted under `pc`, `xbox-series` and `xbox-one`: each Xbox rule fires under its profile and stays
// silent under the others, and the PC results do not depend on the Xbox work.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { analyze } from '../../server/src/analyze';
import { rules } from '../../server/src/rules/index';
import type { Platform } from '../../server/src/types';
import { fixtureConfig } from '../harness/fixture';

const XBOX_RULES = new Set(rules.filter((r) => r.meta.platforms && !r.meta.platforms.includes('pc')).map((r) => r.meta.id));

const FRAME = `#include <d3d12.h>
#include "d3dx12.h"
void Init(ID3D12Device10* dev, const D3D12_HEAP_PROPERTIES& heap, const D3D12_RESOURCE_DESC1& desc) {
    dev->CreateCommittedResource3(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_BARRIER_LAYOUT_COMMON, nullptr, nullptr,
        0, nullptr, IID_PPV_ARGS(&m_history));
}
void Frame(ID3D12GraphicsCommandList7* cl, ID3D12CommandSignature* sig, ID3D12Resource* args, ID3D12Resource* blur,
    ID3D12Resource* shadow) {
    CD3DX12_TEXTURE_BARRIER begin(D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_SYNC_SPLIT,
        D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
        D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,
        blur, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &begin);
    cl->Barrier(1, &g);
    auto uav = CD3DX12_RESOURCE_BARRIER::UAV(blur);
    cl->ResourceBarrier(1, &uav);
    auto toArgs = CD3DX12_RESOURCE_BARRIER::Transition(args, D3D12_RESOURCE_STATE_COPY_DEST,
        D3D12_RESOURCE_STATE_GENERIC_READ);
    cl->ResourceBarrier(1, &toArgs);
    cl->ExecuteIndirect(sig, 1, args, 0, nullptr, 0);
}
`;

function xboxRulesFired(source: string, platform: Platform, extra: Record<string, unknown> = {}): string[] {
  const findings = analyze(source, `file:///frame-${platform}.cpp`, { config: { ...extra, platform } }).findings;
  return [...new Set(findings.filter((f) => XBOX_RULES.has(f.rule)).map((f) => f.rule))].sort();
}

void describe('platform profiles', () => {
  void it('one source, three platforms, three results', () => {
    assert.deepEqual(xboxRulesFired(FRAME, 'pc'), []);
    assert.deepEqual(xboxRulesFired(FRAME, 'xbox-series'), [
      'xbox-indirect-argument-buffer', 'xbox-legacy-barrier-cost', 'xbox-split-barrier',
    ]);
    assert.deepEqual(xboxRulesFired(FRAME, 'xbox-one'), [
      'xbox-indirect-argument-buffer', 'xbox-one-enhanced-barriers', 'xbox-one-split-advice',
    ]);
  });

  void it('legacyBarrierTranslation false: no legacy cost advice, but mixing models is an error', () => {
    const mixed = FRAME.replace('auto uav = CD3DX12_RESOURCE_BARRIER::UAV(blur);',
      'auto uav = CD3DX12_RESOURCE_BARRIER::Transition(blur, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);');
    assert.deepEqual(xboxRulesFired(mixed, 'xbox-series', { legacyBarrierTranslation: false }), [
      'xbox-indirect-argument-buffer', 'xbox-legacy-enhanced-mix', 'xbox-split-barrier',
    ]);
  });

  void it('every Xbox rule fixture is clean of Xbox rules under pc, and fires under its own profile', () => {
    const dir = path.resolve(__dirname, '../../../test/fixtures/rules');
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.cpp'))) {
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      const config = fixtureConfig(text) as { platform?: Platform } | undefined;
      if (!XBOX_RULES.has(name.replace(/\.cpp$/, '')) || !config?.platform || config.platform === 'pc') continue;
      assert.deepEqual(xboxRulesFired(text, 'pc'), [], `${name} under pc`);
      assert.ok(xboxRulesFired(text, config.platform, config).length > 0, `${name} under ${config.platform}`);
    }
  });
});
