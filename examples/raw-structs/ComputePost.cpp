/* ComputePost: a compute post-processing chain written against the raw D3D12 structs (no d3dx12 helpers), in the
 * C-with-classes style of engines that wrap D3D12 thinly. Barriers are value-initialized and filled field by
 * field; batches live in fixed-size C arrays. */
#include <d3d12.h>
#include <string.h>

#define POST_MAX_BARRIERS 8
#define POST_ALL_MIPS 0xffffffff
#define POST_GROUP_SIZE 8

enum PostStage { POST_STAGE_LUMINANCE, POST_STAGE_BLUR_H, POST_STAGE_BLUR_V, POST_STAGE_COUNT };

typedef struct PostTargets {
    ID3D12Resource* scene;          /* HDR scene color, rendered by the forward pass */
    ID3D12Resource* luminance;      /* 1x1 average luminance (buffer) */
    ID3D12Resource* histogram;      /* 256 bins (buffer) */
    ID3D12Resource* blur[2];        /* ping-pong blur targets */
    ID3D12Resource* output;
    UINT width;
    UINT height;
} PostTargets;

typedef struct PostContext {
    ID3D12GraphicsCommandList7* list;
    ID3D12PipelineState* pipelines[POST_STAGE_COUNT];
    ID3D12RootSignature* rootSignature;
} PostContext;

static void SetTextureBarrier(D3D12_TEXTURE_BARRIER* b, ID3D12Resource* resource,
                              D3D12_BARRIER_SYNC syncBefore, D3D12_BARRIER_SYNC syncAfter,
                              D3D12_BARRIER_ACCESS accessBefore, D3D12_BARRIER_ACCESS accessAfter,
                              D3D12_BARRIER_LAYOUT layoutBefore, D3D12_BARRIER_LAYOUT layoutAfter)
{
    memset(b, 0, sizeof(*b));
    b->SyncBefore = syncBefore;
    b->SyncAfter = syncAfter;
    b->AccessBefore = accessBefore;
    b->AccessAfter = accessAfter;
    b->LayoutBefore = layoutBefore;
    b->LayoutAfter = layoutAfter;
    b->pResource = resource;
    b->Subresources.IndexOrFirstMipLevel = POST_ALL_MIPS;
}

static void PostBeginFrame(PostContext* ctx, PostTargets* targets)
{
    /* The scene was a render target; the luminance pass samples it. */
    D3D12_TEXTURE_BARRIER sceneToRead = {};
    sceneToRead.SyncBefore = D3D12_BARRIER_SYNC_RENDER_TARGET;
    sceneToRead.SyncAfter = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
    sceneToRead.AccessBefore = D3D12_BARRIER_ACCESS_RENDER_TARGET;
    sceneToRead.AccessAfter = D3D12_BARRIER_ACCESS_SHADER_RESOURCE;
    sceneToRead.LayoutBefore = D3D12_BARRIER_LAYOUT_RENDER_TARGET;
    sceneToRead.LayoutAfter = D3D12_BARRIER_LAYOUT_SHADER_RESOURCE;
    sceneToRead.pResource = targets->scene;
    sceneToRead.Subresources.IndexOrFirstMipLevel = POST_ALL_MIPS;

    /* The histogram is cleared and rebuilt every frame. */
    D3D12_BUFFER_BARRIER histogramToWrite = {};
    histogramToWrite.SyncBefore = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
    histogramToWrite.SyncAfter = D3D12_BARRIER_SYNC_CLEAR_UNORDERED_ACCESS_VIEW;
    histogramToWrite.AccessBefore = D3D12_BARRIER_ACCESS_SHADER_RESOURCE;
    histogramToWrite.AccessAfter = D3D12_BARRIER_ACCESS_UNORDERED_ACCESS;
    histogramToWrite.pResource = targets->histogram;
    histogramToWrite.Offset = 0;
    histogramToWrite.Size = UINT64_MAX;

    D3D12_BARRIER_GROUP groups[2] = {};
    groups[0].Type = D3D12_BARRIER_TYPE_TEXTURE;
    groups[0].NumBarriers = 1;
    groups[0].pTextureBarriers = &sceneToRead;
    groups[1].Type = D3D12_BARRIER_TYPE_BUFFER;
    groups[1].NumBarriers = 1;
    groups[1].pBufferBarriers = &histogramToWrite;
    ctx->list->Barrier(_countof(groups), groups);
}

static void PostLuminance(PostContext* ctx, PostTargets* targets)
{
    ctx->list->SetPipelineState(ctx->pipelines[POST_STAGE_LUMINANCE]);
    ctx->list->Dispatch((targets->width + POST_GROUP_SIZE - 1) / POST_GROUP_SIZE, (targets->height + POST_GROUP_SIZE - 1) / POST_GROUP_SIZE, 1);

    /* MISTAKE: value-initialized and only half filled in: SyncAfter stays D3D12_BARRIER_SYNC_NONE (0) while
     * AccessAfter stays D3D12_BARRIER_ACCESS_COMMON (0), which SYNC_NONE does not allow. */
    D3D12_BUFFER_BARRIER luminanceDone = {};
    luminanceDone.SyncBefore = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
    luminanceDone.AccessBefore = D3D12_BARRIER_ACCESS_UNORDERED_ACCESS;
    luminanceDone.pResource = targets->luminance;
    luminanceDone.Size = UINT64_MAX;

    /* MISTAKE: buffer barriers cover whole buffers; a sub-range (here the bins after the first 256 bytes) is
     * rejected: Offset must be 0. */
    D3D12_BUFFER_BARRIER histogramDone = {};
    histogramDone.SyncBefore = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
    histogramDone.SyncAfter = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
    histogramDone.AccessBefore = D3D12_BARRIER_ACCESS_UNORDERED_ACCESS;
    histogramDone.AccessAfter = D3D12_BARRIER_ACCESS_SHADER_RESOURCE;
    histogramDone.pResource = targets->histogram;
    histogramDone.Offset = 256;
    histogramDone.Size = 1024;

    D3D12_BUFFER_BARRIER buffers[2] = { luminanceDone, histogramDone };
    D3D12_BARRIER_GROUP group = { D3D12_BARRIER_TYPE_BUFFER, 2, buffers };
    ctx->list->Barrier(1, &group);
}

static void PostBlur(PostContext* ctx, PostTargets* targets)
{
    D3D12_TEXTURE_BARRIER barriers[POST_MAX_BARRIERS];
    UINT count = 0;

    /* Horizontal pass: scene -> blur[0]. blur[0] is fully overwritten, so its old contents are discarded. */
    SetTextureBarrier(&barriers[count++], targets->blur[0],
        D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_COMPUTE_SHADING,
        D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_UNORDERED_ACCESS,
        D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS);
    D3D12_BARRIER_GROUP horizontal = { D3D12_BARRIER_TYPE_TEXTURE, count, barriers };
    ctx->list->Barrier(1, &horizontal);
    ctx->list->SetPipelineState(ctx->pipelines[POST_STAGE_BLUR_H]);
    ctx->list->Dispatch(targets->width / POST_GROUP_SIZE, targets->height, 1);

    /* Vertical pass: blur[0] -> blur[1]. */
    count = 0;
    D3D12_TEXTURE_BARRIER* b = &barriers[count++];
    memset(b, 0, sizeof(*b));
    b->SyncBefore = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
    b->SyncAfter = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
    b->AccessBefore = D3D12_BARRIER_ACCESS_UNORDERED_ACCESS;
    b->AccessAfter = D3D12_BARRIER_ACCESS_SHADER_RESOURCE;
    b->LayoutBefore = D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS;
    b->LayoutAfter = D3D12_BARRIER_LAYOUT_SHADER_RESOURCE;
    b->pResource = targets->blur[0];
    b->Subresources.IndexOrFirstMipLevel = POST_ALL_MIPS;
    b = &barriers[count++];
    memset(b, 0, sizeof(*b));
    b->SyncBefore = D3D12_BARRIER_SYNC_NONE;
    b->SyncAfter = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
    b->AccessBefore = D3D12_BARRIER_ACCESS_NO_ACCESS;
    b->AccessAfter = D3D12_BARRIER_ACCESS_UNORDERED_ACCESS;
    b->LayoutBefore = D3D12_BARRIER_LAYOUT_UNDEFINED;
    b->LayoutAfter = D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS;
    b->pResource = targets->blur[1];
    b->Subresources.IndexOrFirstMipLevel = POST_ALL_MIPS;
    D3D12_BARRIER_GROUP vertical = { D3D12_BARRIER_TYPE_TEXTURE, count, barriers };
    ctx->list->Barrier(1, &vertical);
    ctx->list->SetPipelineState(ctx->pipelines[POST_STAGE_BLUR_V]);
    ctx->list->Dispatch(targets->width, targets->height / POST_GROUP_SIZE, 1);
}

static void PostComposite(PostContext* ctx, PostTargets* targets, BOOL debugOverlay)
{
    D3D12_TEXTURE_BARRIER barriers[POST_MAX_BARRIERS];
    UINT count = 0;
    ID3D12Resource* const reads[] = { targets->blur[1], targets->scene };
    for (UINT i = 0; i < _countof(reads); ++i) {
        D3D12_TEXTURE_BARRIER* b = &barriers[count++];
        memset(b, 0, sizeof(*b));
        b->SyncBefore = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
        b->SyncAfter = D3D12_BARRIER_SYNC_PIXEL_SHADING;
        b->AccessBefore = D3D12_BARRIER_ACCESS_SHADER_RESOURCE;
        b->AccessAfter = D3D12_BARRIER_ACCESS_SHADER_RESOURCE;
        b->LayoutBefore = D3D12_BARRIER_LAYOUT_SHADER_RESOURCE;
        b->LayoutAfter = D3D12_BARRIER_LAYOUT_SHADER_RESOURCE;
        b->pResource = reads[i];
        b->Subresources.IndexOrFirstMipLevel = POST_ALL_MIPS;
    }

    /* The overlay barrier is only needed when the debug overlay is drawn. */
    D3D12_TEXTURE_BARRIER overlay[1];
    UINT overlayCount = 0;
    if (debugOverlay) {
        SetTextureBarrier(&overlay[overlayCount++], targets->output,
            D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_SYNC_RENDER_TARGET,
            D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_ACCESS_RENDER_TARGET,
            D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_RENDER_TARGET);
    }
    D3D12_BARRIER_GROUP groups[2];
    groups[0].Type = D3D12_BARRIER_TYPE_TEXTURE;
    groups[0].NumBarriers = count;
    groups[0].pTextureBarriers = barriers;
    groups[1].Type = D3D12_BARRIER_TYPE_TEXTURE;
    /* MISTAKE: the overlay group is submitted with a hard-coded count of zero (overlayCount was meant). */
    groups[1].NumBarriers = 0;
    groups[1].pTextureBarriers = overlay;
    ctx->list->Barrier(2, groups);
    ctx->list->DrawInstanced(3, 1, 0, 0);
}

void PostProcess(PostContext* ctx, PostTargets* targets, BOOL debugOverlay)
{
    ctx->list->SetComputeRootSignature(ctx->rootSignature);
    PostBeginFrame(ctx, targets);
    PostLuminance(ctx, targets);
    PostBlur(ctx, targets);
    PostComposite(ctx, targets, debugOverlay);
}
