/**
 * The smallest cross-file run: a transition helper in one file and a frame in another that calls it twice, the
 * second call with a wrong before-state (PIXEL_SHADER_RESOURCE where the first left RENDER_TARGET). The CLI's
 * cross-file pass, its result cache and the server's workspace index are each tested on it.
 */
export const TRANSITION_HELPER = `void Transition(ID3D12GraphicsCommandList* cl, ID3D12Resource* res, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(res, before, after);
    cl->ResourceBarrier(1, &b);
}
`;
export const FRAME_CALLER = `void Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* rt) {
    Transition(cl, rt, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    Transition(cl, rt, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_PRESENT);
}
`;
