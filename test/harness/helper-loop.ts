/**
 * Helpers a loop calls many times with equal inputs: `ToShader` (one enhanced barrier, COMMON -> SHADER_RESOURCE),
 * `Show` (four calls of it) and `Pass` (three calls of Show), called by `Frame`'s loop. The helper-call memo
 * (track/call-memo.ts) replays Pass's third call in the loop's fixpoint passes, and the language server's kept calls
 * (track/kept-runs.ts) replay the earlier keystroke's calls; the loop's second iteration meets SHADER_RESOURCE where
 * ToShader expects COMMON (a layout-before-mismatch).
 */
const HELPERS = `void ToShader(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
  D3D12_TEXTURE_BARRIER t = CD3DX12_TEXTURE_BARRIER(D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_SYNC_ALL,
    D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_COMMON,
    D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
  D3D12_BARRIER_GROUP g = CD3DX12_BARRIER_GROUP(1, &t);
  cl->Barrier(1, &g);
}
void Show(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
  ToShader(cl, tex);
  ToShader(cl, tex);
  ToShader(cl, tex);
  ToShader(cl, tex);
}
void Pass(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
  Show(cl, tex);
  Show(cl, tex);
  Show(cl, tex);
}
`;

/** The file: `first` as its first line (an include, or nothing), the helpers, and Frame with `frameFirst` before its loop. */
export function helperLoop(first = '', frameFirst?: string): string {
  return `${first}
${HELPERS}void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex, int n) {
${frameFirst ? `  ${frameFirst}\n` : ''}  for (int i = 0; i < n; i++) Pass(cl, tex);
}
`;
}
