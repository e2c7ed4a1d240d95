// A render texture whose class header defines its getters inline (`GetRtv() const { return m_rtv; }`,
// `GetResource() const { return m_resource; }`) and whose .cpp creates the view, transitions it through a
// state-tracking wrapper and clears it through the getter of an object of another class (`m_gbuffer.GetAlbedo()`):
// the .cpp is extracted again with the header's getters (extract/imported-getters.ts), so the clear names the
// object's member. Silent for the correct twin and for a getter the header defines differently in two files.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#pragma once
#include <d3d12.h>
class RenderTexture {
public:
  void Create(ID3D12Device* device, ID3D12Resource* resource, D3D12_CPU_DESCRIPTOR_HANDLE rtv);
  void Transition(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES next);
  D3D12_CPU_DESCRIPTOR_HANDLE GetRtv() const { return m_rtv; }
  ID3D12Resource* GetResource() const { return m_resource; }
private:
  ID3D12Resource* m_resource = nullptr;
  D3D12_CPU_DESCRIPTOR_HANDLE m_rtv = {};
  D3D12_RESOURCE_STATES m_state = D3D12_RESOURCE_STATE_COMMON;
};
class GBuffer {
public:
  RenderTexture& GetAlbedo() { return m_albedo; }
private:
  RenderTexture m_albedo;
};
`;
const source = (clearState: string) => `#include "gbuffer.h"
void RenderTexture::Create(ID3D12Device* device, ID3D12Resource* resource, D3D12_CPU_DESCRIPTOR_HANDLE rtv) {
  m_resource = resource;
  m_rtv = rtv;
  device->CreateRenderTargetView(m_resource, nullptr, m_rtv);
  m_state = D3D12_RESOURCE_STATE_RENDER_TARGET;
}
void RenderTexture::Transition(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES next) {
  if (m_state != next) {
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = GetResource();
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = m_state;
    b.Transition.StateAfter = next;
    cl->ResourceBarrier(1, &b);
    m_state = next;
  }
}
class GeometryPass {
public:
  void Record(ID3D12GraphicsCommandList* cl) {
    const float clear[4] = {};
    m_gbuffer.GetAlbedo().Transition(cl, ${clearState});
    cl->ClearRenderTargetView(m_gbuffer.GetAlbedo().GetRtv(), clear, 0, nullptr);
  }
private:
  GBuffer m_gbuffer;
};
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };
const found = (stdout: string) => (JSON.parse(stdout) as Out).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`));

void describe('getters a class header of the run defines inline', () => {
  void it('name the member of the object they are called on', () => {
    const dir = tempTree({ 'src/gbuffer.h': HEADER, 'src/gbuffer.cpp': source('D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE') });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(found(run.stdout), ['gbuffer.cpp:25:invalid-subresource-state'], run.stdout);
  });
  void it('leave the correct twin silent', () => {
    const dir = tempTree({ 'src/gbuffer.h': HEADER, 'src/gbuffer.cpp': source('D3D12_RESOURCE_STATE_RENDER_TARGET') });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(found(run.stdout), [], run.stdout);
  });
  void it('give nothing for a getter two headers define differently', () => {
    const other = HEADER.replace('class RenderTexture', 'class OtherTexture').replace('class GBuffer', 'class OtherBuffer').replace('return m_rtv;', 'return m_otherRtv;');
    const dir = tempTree({ 'src/gbuffer.h': HEADER, 'src/other.h': other, 'src/gbuffer.cpp': source('D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE') });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(found(run.stdout), [], run.stdout);
  });
});
