// A realistic engine source for the benchmarks, generated from hand-written templates (no third-party code): a
// renderer module as engines write them, where most of the text is not barrier code — math, containers, logging,
// configuration parsing, scene updates, descriptor and upload management — and barriers sit in a few helpers and
// passes (legacy Transition helpers called across functions, enhanced barrier groups, split barriers, UAV
// barriers, aliasing). `module(k)` is one ~300-line module with names suffixed by `k`; `engineFile(lines)` joins
// modules until the file has that many lines.

const PREAMBLE = `// Renderer.cpp: frame rendering, resource management and scene update for the sample engine.
#include <d3d12.h>
#include <vector>
#include <string>
#include <unordered_map>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <cmath>
#include "d3dx12.h"

namespace engine {

constexpr UINT kFrameCount = 3;
constexpr UINT kMaxLights = 64;
constexpr float kPi = 3.14159265358979f;

inline void ThrowIfFailed(HRESULT hr) { if (FAILED(hr)) { throw hr; } }
inline UINT64 AlignUp(UINT64 value, UINT64 alignment) { return (value + alignment - 1) & ~(alignment - 1); }
`;

/** One module of the engine file: ~300 lines; `k` makes every top-level name unique. */
export function module(k: number): string {
  const state = ['D3D12_RESOURCE_STATE_RENDER_TARGET', 'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE', 'D3D12_RESOURCE_STATE_UNORDERED_ACCESS', 'D3D12_RESOURCE_STATE_COPY_DEST'];
  const a = state[k % 4];
  const b = state[(k + 1) % 4];
  return `
// ---- module ${k}: math ---------------------------------------------------------------------------------------
struct Float3_${k} { float x, y, z; };
struct Float4x4_${k} { float m[4][4]; };

static Float3_${k} Add_${k}(const Float3_${k}& a, const Float3_${k}& b) { return { a.x + b.x, a.y + b.y, a.z + b.z }; }
static Float3_${k} Scale_${k}(const Float3_${k}& a, float s) { return { a.x * s, a.y * s, a.z * s }; }
static float Dot_${k}(const Float3_${k}& a, const Float3_${k}& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

static Float3_${k} Normalize_${k}(const Float3_${k}& v)
{
    const float length = std::sqrt(Dot_${k}(v, v));
    if (length < 1e-6f) {
        return { 0.0f, 0.0f, 1.0f };
    }
    return Scale_${k}(v, 1.0f / length);
}

static Float4x4_${k} Multiply_${k}(const Float4x4_${k}& a, const Float4x4_${k}& b)
{
    Float4x4_${k} r = {};
    for (int row = 0; row < 4; ++row) {
        for (int col = 0; col < 4; ++col) {
            float sum = 0.0f;
            for (int i = 0; i < 4; ++i) {
                sum += a.m[row][i] * b.m[i][col];
            }
            r.m[row][col] = sum;
        }
    }
    return r;
}

static Float4x4_${k} PerspectiveFov_${k}(float fovY, float aspect, float zNear, float zFar)
{
    const float yScale = 1.0f / std::tan(fovY * 0.5f);
    const float xScale = yScale / aspect;
    Float4x4_${k} r = {};
    r.m[0][0] = xScale;
    r.m[1][1] = yScale;
    r.m[2][2] = zFar / (zNear - zFar);
    r.m[2][3] = -1.0f;
    r.m[3][2] = zNear * zFar / (zNear - zFar);
    return r;
}

// ---- module ${k}: logging and configuration ---------------------------------------------------------------------
enum class LogLevel_${k} { Trace, Info, Warning, Error };

static const char* LevelName_${k}(LogLevel_${k} level)
{
    switch (level) {
    case LogLevel_${k}::Trace: return "trace";
    case LogLevel_${k}::Info: return "info";
    case LogLevel_${k}::Warning: return "warning";
    case LogLevel_${k}::Error: return "error";
    default: return "unknown";
    }
}

static void Log_${k}(LogLevel_${k} level, const std::string& message)
{
    char line[512];
    std::snprintf(line, sizeof(line), "[%s] %s\\n", LevelName_${k}(level), message.c_str());
    std::fputs(line, stderr);
}

struct RenderSettings_${k} {
    UINT width = 1920;
    UINT height = 1080;
    bool vsync = true;
    bool bloom = true;
    float exposure = 1.0f;
    std::unordered_map<std::string, std::string> extra;
};

static bool ParseBool_${k}(const std::string& value) { return value == "1" || value == "true" || value == "on"; }

static RenderSettings_${k} ParseSettings_${k}(const std::vector<std::string>& lines)
{
    RenderSettings_${k} settings;
    for (const std::string& raw : lines) {
        const size_t eq = raw.find('=');
        if (eq == std::string::npos || raw.empty() || raw[0] == '#') {
            continue;
        }
        const std::string key = raw.substr(0, eq);
        const std::string value = raw.substr(eq + 1);
        if (key == "width") settings.width = static_cast<UINT>(std::stoul(value));
        else if (key == "height") settings.height = static_cast<UINT>(std::stoul(value));
        else if (key == "vsync") settings.vsync = ParseBool_${k}(value);
        else if (key == "bloom") settings.bloom = ParseBool_${k}(value);
        else if (key == "exposure") settings.exposure = std::stof(value);
        else settings.extra[key] = value;
    }
    Log_${k}(LogLevel_${k}::Info, "settings parsed: " + std::to_string(settings.width) + "x" + std::to_string(settings.height));
    return settings;
}

// ---- module ${k}: scene ----------------------------------------------------------------------------------------
struct Light_${k} { Float3_${k} position; Float3_${k} color; float radius; bool enabled; };

struct Scene_${k} {
    std::vector<Light_${k}> lights;
    std::vector<Float4x4_${k}> transforms;
    std::vector<UINT> visible;
    float time = 0.0f;
};

static void UpdateScene_${k}(Scene_${k}& scene, float dt)
{
    scene.time += dt;
    for (size_t i = 0; i < scene.lights.size(); ++i) {
        Light_${k}& light = scene.lights[i];
        const float phase = scene.time + static_cast<float>(i) * 0.37f;
        light.position.x = std::cos(phase) * light.radius;
        light.position.z = std::sin(phase) * light.radius;
        light.enabled = light.radius > 0.1f && i < kMaxLights;
    }
    scene.visible.clear();
    for (UINT i = 0; i < static_cast<UINT>(scene.transforms.size()); ++i) {
        const Float4x4_${k}& t = scene.transforms[i];
        if (t.m[3][2] > -1000.0f && t.m[3][2] < 1000.0f) {
            scene.visible.push_back(i);
        }
    }
    std::sort(scene.visible.begin(), scene.visible.end());
}

// ---- module ${k}: descriptors and uploads -----------------------------------------------------------------------
class DescriptorHeap_${k} {
public:
    void Create(ID3D12Device* device, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count, bool shaderVisible)
    {
        D3D12_DESCRIPTOR_HEAP_DESC desc = {};
        desc.Type = type;
        desc.NumDescriptors = count;
        desc.Flags = shaderVisible ? D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE : D3D12_DESCRIPTOR_HEAP_FLAG_NONE;
        ThrowIfFailed(device->CreateDescriptorHeap(&desc, IID_PPV_ARGS(&m_heap)));
        m_increment = device->GetDescriptorHandleIncrementSize(type);
        m_capacity = count;
        m_next = 0;
    }

    D3D12_CPU_DESCRIPTOR_HANDLE Allocate()
    {
        D3D12_CPU_DESCRIPTOR_HANDLE handle = m_heap->GetCPUDescriptorHandleForHeapStart();
        handle.ptr += static_cast<SIZE_T>(m_next) * m_increment;
        m_next = (m_next + 1) % m_capacity;
        return handle;
    }

private:
    ID3D12DescriptorHeap* m_heap = nullptr;
    UINT m_increment = 0;
    UINT m_capacity = 0;
    UINT m_next = 0;
};

static ID3D12Resource* CreateBuffer_${k}(ID3D12Device* device, UINT64 size, D3D12_HEAP_TYPE heapType, D3D12_RESOURCE_STATES initial)
{
    const CD3DX12_HEAP_PROPERTIES heap(heapType);
    const CD3DX12_RESOURCE_DESC desc = CD3DX12_RESOURCE_DESC::Buffer(AlignUp(size, 256));
    ID3D12Resource* buffer = nullptr;
    ThrowIfFailed(device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, initial, nullptr, IID_PPV_ARGS(&buffer)));
    return buffer;
}

static ID3D12Resource* CreateTarget_${k}(ID3D12Device* device, UINT width, UINT height, DXGI_FORMAT format)
{
    const CD3DX12_HEAP_PROPERTIES heap(D3D12_HEAP_TYPE_DEFAULT);
    const CD3DX12_RESOURCE_DESC desc = CD3DX12_RESOURCE_DESC::Tex2D(format, width, height, 1, 1, 1, 0,
        D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    ID3D12Resource* texture = nullptr;
    ThrowIfFailed(device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, ${a}, nullptr, IID_PPV_ARGS(&texture)));
    return texture;
}

// ---- module ${k}: barriers ---------------------------------------------------------------------------------------
static void Transition_${k}(ID3D12GraphicsCommandList* cl, ID3D12Resource* resource, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    if (before == after) {
        return;
    }
    const CD3DX12_RESOURCE_BARRIER barrier = CD3DX12_RESOURCE_BARRIER::Transition(resource, before, after);
    cl->ResourceBarrier(1, &barrier);
}

static void Upload_${k}(ID3D12GraphicsCommandList* cl, ID3D12Resource* dest, ID3D12Resource* staging, UINT64 bytes)
{
    Transition_${k}(cl, dest, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->CopyBufferRegion(dest, 0, staging, 0, bytes);
    Transition_${k}(cl, dest, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER);
}

class Renderer_${k} {
public:
    void Init(ID3D12Device* device, const RenderSettings_${k}& settings)
    {
        m_settings = settings;
        m_rtvHeap.Create(device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, kFrameCount + 4, false);
        m_srvHeap.Create(device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 256, true);
        m_target = CreateTarget_${k}(device, settings.width, settings.height, DXGI_FORMAT_R16G16B16A16_FLOAT);
        m_constants = CreateBuffer_${k}(device, 64 * 1024, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COMMON);
        m_staging = CreateBuffer_${k}(device, 64 * 1024, D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_STATE_GENERIC_READ);
        m_rtv = m_rtvHeap.Allocate();
        device->CreateRenderTargetView(m_target, nullptr, m_rtv);
    }

    void UploadConstants(ID3D12GraphicsCommandList* cl, const Scene_${k}& scene)
    {
        const UINT64 bytes = AlignUp(sizeof(Light_${k}) * scene.lights.size(), 256);
        Upload_${k}(cl, m_constants, m_staging, bytes);${k % 4 === 3 ? `
        // A known mistake in every fourth module (the upload left the buffer in VERTEX_AND_CONSTANT_BUFFER).
        Transition_${k}(cl, m_constants, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COMMON);` : ''}
    }

    void RenderScene(ID3D12GraphicsCommandList* cl, const Scene_${k}& scene)
    {
        Transition_${k}(cl, m_target, ${a}, D3D12_RESOURCE_STATE_RENDER_TARGET);
        const float clear[4] = { 0.0f, 0.0f, 0.0f, 1.0f };
        cl->ClearRenderTargetView(m_rtv, clear, 0, nullptr);
        cl->OMSetRenderTargets(1, &m_rtv, FALSE, nullptr);
        for (UINT index : scene.visible) {
            cl->SetGraphicsRoot32BitConstant(0, index, 0);
            cl->DrawInstanced(36, 1, 0, 0);
        }
        Transition_${k}(cl, m_target, D3D12_RESOURCE_STATE_RENDER_TARGET, ${b});
    }

    void Blur(ID3D12GraphicsCommandList7* cl, ID3D12Resource* scratch)
    {
        D3D12_TEXTURE_BARRIER barriers[2] = {};
        barriers[0] = CD3DX12_TEXTURE_BARRIER(D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_SYNC_COMPUTE_SHADING,
            D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_ACCESS_UNORDERED_ACCESS,
            D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS, scratch,
            CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
        barriers[1] = CD3DX12_TEXTURE_BARRIER(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_COMPUTE_SHADING,
            D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_UNORDERED_ACCESS,
            D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS, m_blurTarget,
            CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff), D3D12_TEXTURE_BARRIER_FLAG_DISCARD);
        const CD3DX12_BARRIER_GROUP group(2, barriers);
        cl->Barrier(1, &group);
        for (UINT pass = 0; pass < 2; ++pass) {
            cl->Dispatch((m_settings.width + 7) / 8, (m_settings.height + 7) / 8, 1);
        }
    }

    void Shutdown()
    {
        if (m_target) { m_target->Release(); m_target = nullptr; }
        if (m_constants) { m_constants->Release(); m_constants = nullptr; }
        if (m_staging) { m_staging->Release(); m_staging = nullptr; }
    }

private:
    RenderSettings_${k} m_settings;
    DescriptorHeap_${k} m_rtvHeap;
    DescriptorHeap_${k} m_srvHeap;
    D3D12_CPU_DESCRIPTOR_HANDLE m_rtv = {};
    ID3D12Resource* m_target = nullptr;
    ID3D12Resource* m_blurTarget = nullptr;
    ID3D12Resource* m_constants = nullptr;
    ID3D12Resource* m_staging = nullptr;
};
`;
}

/** An engine source of at least `lines` lines: the preamble and modules 0, 1, ... (`first` shifts the names). */
export function engineFile(lines: number, first = 0): string {
  const parts = [PREAMBLE];
  let count = PREAMBLE.split('\n').length;
  for (let k = first; count < lines; k++) {
    const m = module(k);
    parts.push(m);
    count += m.split('\n').length - 1;
  }
  return `${parts.join('')}\n} // namespace engine\n`;
}
