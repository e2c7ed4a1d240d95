// An RHI whose command-list wrapper translates the engine's own barrier descriptions into D3D12 barriers in
// d3d12_command_list.cpp (`CommandList::Barrier(descs, n)`, converting each state through `ToD3D12State`), declared in
// a header with the descs and the engine's state enum, and called from renderer.cpp: the caller is extracted again
// with the helper's and the conversion's definitions and the header's record and enum (extract/imported-functions.ts),
// so the helper is walked at the call with the caller's values and its barrier is reported there. Also the enhanced
// form with the conversions in a third file, the silent twins, and a helper two files define differently.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#pragma once
#include <d3d12.h>
#include <cstdint>
namespace rhi {
enum class ResourceState : uint32_t { Common, RenderTarget, ShaderResource, CopyDest };
struct ResourceBarrierDesc {
  ID3D12Resource* resource = nullptr;
  ResourceState before = ResourceState::Common;
  ResourceState after = ResourceState::Common;
};
class CommandList {
public:
  void Barrier(const ResourceBarrierDesc* descs, uint32_t count);
private:
  ID3D12GraphicsCommandList* m_list = nullptr;
};
}
`;
const BACKEND = `#include "command_list.h"
namespace rhi {
static D3D12_RESOURCE_STATES ToD3D12State(ResourceState state) {
  switch (state) {
    case ResourceState::RenderTarget: return D3D12_RESOURCE_STATE_RENDER_TARGET;
    case ResourceState::ShaderResource: return D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    case ResourceState::CopyDest: return D3D12_RESOURCE_STATE_COPY_DEST;
    default: return D3D12_RESOURCE_STATE_COMMON;
  }
}
void CommandList::Barrier(const ResourceBarrierDesc* descs, uint32_t count) {
  for (uint32_t i = 0; i < count; ++i) {
    D3D12_RESOURCE_BARRIER barrier = {};
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = descs[i].resource;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = ToD3D12State(descs[i].before);
    barrier.Transition.StateAfter = ToD3D12State(descs[i].after);
    m_list->ResourceBarrier(1, &barrier);
  }
}
}
`;
const caller = (before: string) => `#include "command_list.h"
void Blit(rhi::CommandList& cmd, ID3D12GraphicsCommandList7* native, ID3D12Resource* color, const D3D12_BARRIER_GROUP* groups) {
  rhi::ResourceBarrierDesc desc;
  desc.resource = color;
  desc.before = rhi::ResourceState::${before};
  desc.after = rhi::ResourceState::ShaderResource;
  cmd.Barrier(&desc, 1);
  native->Barrier(1, groups);
}
`;

const TYPES = `#pragma once
#include <d3d12.h>
#include <cstdint>
enum class TextureLayout : uint8_t { Undefined, ColorAttachment, ShaderRead };
enum PipelineStage : uint32_t { STAGE_FRAGMENT = 1, STAGE_COLOR_OUTPUT = 2 };
enum AccessMask : uint32_t { ACCESS_MASK_SHADER_READ = 1, ACCESS_MASK_COLOR_WRITE = 2 };
struct ImageBarrier { ID3D12Resource* image; uint32_t srcStages; uint32_t dstStages; uint32_t srcAccess; uint32_t dstAccess; TextureLayout oldLayout; TextureLayout newLayout; };
D3D12_BARRIER_LAYOUT ConvertLayout(TextureLayout layout);
D3D12_BARRIER_SYNC ConvertStages(uint32_t stages);
D3D12_BARRIER_ACCESS ConvertAccess(uint32_t access);
class GpuCommandBuffer {
public:
  void PipelineBarrier(const ImageBarrier& barrier);
  ID3D12GraphicsCommandList7* list = nullptr;
};
`;
const CONVERT = `#include "gpu_types.h"
D3D12_BARRIER_LAYOUT ConvertLayout(TextureLayout layout) {
  switch (layout) {
    case TextureLayout::ColorAttachment: return D3D12_BARRIER_LAYOUT_RENDER_TARGET;
    case TextureLayout::ShaderRead: return D3D12_BARRIER_LAYOUT_SHADER_RESOURCE;
    default: return D3D12_BARRIER_LAYOUT_UNDEFINED;
  }
}
D3D12_BARRIER_SYNC ConvertStages(uint32_t stages) {
  D3D12_BARRIER_SYNC sync = D3D12_BARRIER_SYNC_NONE;
  if (stages & STAGE_FRAGMENT) sync |= D3D12_BARRIER_SYNC_PIXEL_SHADING;
  if (stages & STAGE_COLOR_OUTPUT) sync |= D3D12_BARRIER_SYNC_RENDER_TARGET;
  return sync;
}
D3D12_BARRIER_ACCESS ConvertAccess(uint32_t access) {
  D3D12_BARRIER_ACCESS out = D3D12_BARRIER_ACCESS_COMMON;
  if (access & ACCESS_MASK_SHADER_READ) out |= D3D12_BARRIER_ACCESS_SHADER_RESOURCE;
  if (access & ACCESS_MASK_COLOR_WRITE) out |= D3D12_BARRIER_ACCESS_RENDER_TARGET;
  return out;
}
`;
const RECORDER = `#include "gpu_types.h"
void GpuCommandBuffer::PipelineBarrier(const ImageBarrier& barrier) {
  D3D12_TEXTURE_BARRIER tex = {};
  tex.SyncBefore = ConvertStages(barrier.srcStages);
  tex.SyncAfter = ConvertStages(barrier.dstStages);
  tex.AccessBefore = ConvertAccess(barrier.srcAccess);
  tex.AccessAfter = ConvertAccess(barrier.dstAccess);
  tex.LayoutBefore = ConvertLayout(barrier.oldLayout);
  tex.LayoutAfter = ConvertLayout(barrier.newLayout);
  tex.pResource = barrier.image;
  tex.Subresources.IndexOrFirstMipLevel = 0xffffffff;
  D3D12_BARRIER_GROUP group = {};
  group.Type = D3D12_BARRIER_TYPE_TEXTURE;
  group.NumBarriers = 1;
  group.pTextureBarriers = &tex;
  list->Barrier(1, &group);
}
`;
const bloom = (dstAccess: string) => `#include "gpu_types.h"
void Bloom(GpuCommandBuffer& cmd, ID3D12Resource* target) {
  ImageBarrier b{};
  b.image = target;
  b.srcStages = STAGE_COLOR_OUTPUT;
  b.dstStages = STAGE_FRAGMENT;
  b.srcAccess = ACCESS_MASK_COLOR_WRITE;
  b.dstAccess = ${dstAccess};
  b.oldLayout = TextureLayout::ColorAttachment;
  b.newLayout = TextureLayout::ShaderRead;
  cmd.PipelineBarrier(b);
}
`;

const USAGE_H = `#pragma once
#include <d3d12.h>
#include <cstdint>
namespace gfx {
using UsageFlags = uint32_t;
constexpr UsageFlags kUsageShaderRead = 0x2;
constexpr UsageFlags kUsageStorage = 0x4;
D3D12_RESOURCE_STATES UsageToState(UsageFlags usage);
}
`;
const USAGE_CPP = `#include "usage.h"
namespace gfx {
D3D12_RESOURCE_STATES UsageToState(UsageFlags usage) {
  D3D12_RESOURCE_STATES state = D3D12_RESOURCE_STATE_COMMON;
  if (usage & kUsageShaderRead) state |= D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
  if (usage & kUsageStorage) state |= D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
  return state;
}
}
`;
const ssao = (after: string) => `#include "usage.h"
void Prepare(ID3D12GraphicsCommandList* cl, ID3D12Resource* ao) {
  D3D12_RESOURCE_BARRIER b = {};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition.pResource = ao;
  b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
  b.Transition.StateBefore = gfx::UsageToState(gfx::kUsageShaderRead);
  b.Transition.StateAfter = gfx::UsageToState(${after});
  cl->ResourceBarrier(1, &b);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };
const found = (stdout: string) => (JSON.parse(stdout) as Out).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`)).sort();
const run = (files: Record<string, string>) => {
  const result = runCli(['--format', 'json', '--jobs', '1', 'src'], tempTree(files));
  return { list: found(result.stdout), stdout: result.stdout };
};

void describe('translation helpers another file of the run defines', () => {
  void it('are walked at the call with the caller\'s descs, converted through the other file\'s conversion', () => {
    const r = run({ 'src/command_list.h': HEADER, 'src/command_list.cpp': BACKEND, 'src/renderer.cpp': caller('ShaderResource') });
    assert.deepEqual(r.list, ['renderer.cpp:7:resource-barrier-matching-states'], r.stdout);
  });
  void it('leave the correct twin silent', () => {
    const r = run({ 'src/command_list.h': HEADER, 'src/command_list.cpp': BACKEND, 'src/renderer.cpp': caller('RenderTarget') });
    assert.deepEqual(r.list, [], r.stdout);
  });
  void it('with conversions in a third file, report the enhanced barrier the caller\'s values make', () => {
    const r = run({ 'src/gpu_types.h': TYPES, 'src/convert.cpp': CONVERT, 'src/recorder.cpp': RECORDER, 'src/bloom.cpp': bloom('ACCESS_MASK_COLOR_WRITE') });
    assert.deepEqual(r.list, ['bloom.cpp:11:access-layout-incompatible', 'bloom.cpp:11:sync-access-incompatible'], r.stdout);
  });
  void it('leave the correct enhanced twin silent', () => {
    const r = run({ 'src/gpu_types.h': TYPES, 'src/convert.cpp': CONVERT, 'src/recorder.cpp': RECORDER, 'src/bloom.cpp': bloom('ACCESS_MASK_SHADER_READ') });
    assert.deepEqual(r.list, [], r.stdout);
  });
  void it('fold a namespaced conversion of another file with the header constants it tests', () => {
    const r = run({ 'src/usage.h': USAGE_H, 'src/usage.cpp': USAGE_CPP, 'src/ssao.cpp': ssao('gfx::kUsageStorage | gfx::kUsageShaderRead') });
    assert.deepEqual(r.list, ['ssao.cpp:8:resource-barrier-invalid-combination'], r.stdout);
  });
  void it('leave the valid conversion silent', () => {
    const r = run({ 'src/usage.h': USAGE_H, 'src/usage.cpp': USAGE_CPP, 'src/ssao.cpp': ssao('gfx::kUsageStorage') });
    assert.deepEqual(r.list, [], r.stdout);
  });
  void it('give nothing for a helper two files define differently', () => {
    const other = BACKEND.replace('#include "command_list.h"', '#include "command_list.h"\n// the other backend').replace('D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;', 'D3D12_RESOURCE_STATE_COPY_SOURCE;');
    const r = run({ 'src/command_list.h': HEADER, 'src/command_list.cpp': BACKEND, 'src/command_list_alt.cpp': other, 'src/renderer.cpp': caller('ShaderResource') });
    assert.deepEqual(r.list, [], r.stdout);
  });
});
