// Xbox-only identifiers (D3D12XBOX_*) are known on the Xbox profiles and unknown identifiers on PC, through the
// rule `unknown-enumerator` and the platform.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze } from '../../server/src/analyze';
import type { ExtractProblem } from '../../server/src/extract/facts';
import { lookupEnumIdentifier } from '../../server/src/model/enums';
import type { ReportDescriptor } from '../../server/src/rules/define-rule';
import { rule } from '../../server/src/rules/unknown-enumerator';
import type { Platform } from '../../server/src/types';

const range = { startLine: 3, startColumn: 8, endLine: 3, endColumn: 40 };

function reports(platform: Platform, problem: ExtractProblem): ReportDescriptor[] {
  const out: ReportDescriptor[] = [];
  const visitors = rule.create({ uri: 'file:///x.cpp', platform, legacyBarrierTranslation: true, report: (d) => out.push(d) });
  visitors.problem?.(problem);
  return out;
}

const SOURCE = `void Create(ID3D12Device* dev, const D3D12_HEAP_PROPERTIES& heap, ID3D12GraphicsCommandList* cl, ID3D12Resource* rt) {
    auto desc = CD3DX12_RESOURCE_DESC::Tex2D(DXGI_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1, 1, 0,
        D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12XBOX_RESOURCE_FLAG_ALLOW_DCC);
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_RENDER_TARGET,
        D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE | D3D12XBOX_RESOURCE_STATE_PRESERVE_COMPRESSED_COLOR);
    cl->ResourceBarrier(1, &b);
}`;

void describe('Xbox identifiers and unknown-enumerator', () => {
  void it('the Xbox names of the GDK documents are known values', () => {
    for (const name of ['D3D12XBOX_RESOURCE_FLAG_ALLOW_DCC', 'D3D12XBOX_RESOURCE_FLAG_FORCE_TEXTURE_COMPATIBILITY',
      'D3D12XBOX_RESOURCE_FLAG_ALLOW_INDIRECT_BUFFER', 'D3D12XBOX_RESOURCE_FLAG_DENY_COMPRESSION_DATA',
      'D3D12XBOX_RESOURCE_STATE_PRESERVE_EXPANDED_DEPTH_STENCIL', 'D3D12XBOX_BARRIER_SYNC_EXECUTE_INDIRECT',
      'D3D12XBOX_CMDLIST_DRIVER_HINT_DONT_SYNC_ON_COPY']) {
      assert.notEqual(lookupEnumIdentifier(name)?.value, undefined, name);
    }
    // Members the documents do not name stay unknown values (never reported: the real header has more).
    assert.equal(lookupEnumIdentifier('D3D12XBOX_RESOURCE_FLAG_SOMETHING_ELSE'), undefined);
  });

  void it('an Xbox identifier problem is reported on pc only; other unknown enumerators everywhere', () => {
    const xbox: ExtractProblem = { kind: 'unknown-enumerator', range, text: 'D3D12XBOX_RESOURCE_FLAG_ALLOW_DCC',
      detail: "'D3D12XBOX_RESOURCE_FLAG_ALLOW_DCC' is an Xbox-only identifier" };
    assert.deepEqual(reports('pc', xbox).map((d) => d.messageKey), ['xbox']);
    assert.deepEqual(reports('xbox-series', xbox), []);
    assert.deepEqual(reports('xbox-one', xbox), []);
    const typo: ExtractProblem = { kind: 'unknown-enumerator', range, text: 'D3D12_BARRIER_SYNC_COMPUTE',
      detail: "'D3D12_BARRIER_SYNC_COMPUTE' is not a member of D3D12_BARRIER_SYNC" };
    for (const p of ['pc', 'xbox-series', 'xbox-one'] as Platform[]) assert.deepEqual(reports(p, typo).map((d) => d.messageKey), ['unknown'], p);
  });

  void it('Xbox code is clean of unknown-enumerator on the Xbox profiles', () => {
    for (const platform of ['xbox-series', 'xbox-one'] as Platform[]) {
      const findings = analyze(SOURCE, 'file:///x.cpp', { config: { platform } }).findings;
      assert.deepEqual(findings.filter((f) => f.rule === 'unknown-enumerator'), [], platform);
    }
  });

  void it('the same code on pc reports each Xbox identifier', () => {
    const findings = analyze(SOURCE, 'file:///x.cpp', { config: { platform: 'pc' } }).findings;
    assert.equal(findings.filter((f) => f.rule === 'unknown-enumerator').length, 2);
  });
});
