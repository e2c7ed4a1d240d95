// The sealed swap-chain arrays read on tree-sitter's own nodes (a focused extraction: extract/extract.ts
// sealedSwapChainsIn) are the ones read on the whole mirror: the mirror copies literals, template arguments, lambda
// captures and declared types as leaves, so a mention inside them is no mention there (extract/node.ts outsideMirror).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCpp } from '../../server/src/parse/parser';
import { NodeDoc, outsideMirror } from '../../server/src/extract/node';
import { sealedSwapChainsOf, type SwapChainArrays } from '../../server/src/extract/sealed-swap-chains';

const HEAD = `class Renderer {
  ComPtr<ID3D12Resource> m_rt[2];
  ComPtr<IDXGISwapChain3> m_swap;
  UINT m_frame;
public:
  void Init();
  void Draw();
};
void Renderer::Init() {
  for (UINT i = 0; i < 2; i++) m_swap->GetBuffer(i, IID_PPV_ARGS(&m_rt[i]));
}
`;

function both(text: string): { mirror: SwapChainArrays; native: SwapChainArrays; unfiltered: SwapChainArrays } {
  const tree = parseCpp(text);
  assert.equal(tree.rootNode.hasError, false);
  return {
    mirror: sealedSwapChainsOf(new NodeDoc(text).root(tree), text),
    native: sealedSwapChainsOf(tree.rootNode, text, { hidden: (n) => outsideMirror(n as never), at: (s, e) => tree.rootNode.descendantForIndex(s, e) }),
    unfiltered: sealedSwapChainsOf(tree.rootNode, text, { hidden: () => false, at: (s, e) => tree.rootNode.descendantForIndex(s, e) }),
  };
}

void describe('sealed-swap-chains on tree-sitter nodes', () => {
  void it('reads what the mirror reads: mentions in captures, declared types and template arguments are not seen', () => {
    const text = `${HEAD}void Renderer::Draw() {
  Barrier(m_rt[m_frame].Get());
  auto f = [rt = m_rt[0].Get()]() { return rt; };
  decltype(m_rt[0].Get()) raw = nullptr;
  Holder<sizeof(m_rt)> h;
  Log("m_rt");
}
`;
    const { mirror, native, unfiltered } = both(text);
    assert.deepEqual(mirror, { sealed: ['m_rt'], pending: [], filled: ['m_rt'] });
    assert.deepEqual(native, mirror);
    // Without the mirror's leaves, the capture's mention (an element stored under another name) would unseal it.
    assert.deepEqual(unfiltered.sealed, []);
  });

  void it('agrees where a mention unseals the array, and on arrays the file does not declare', () => {
    const getter = `${HEAD}ID3D12Resource* Renderer_Get(Renderer& r) { return r.m_rt[0].Get(); }\n`;
    const a = both(getter);
    assert.deepEqual(a.native, a.mirror);
    assert.deepEqual(a.mirror.sealed, []);
    const pending = `void Renderer::Init() { for (UINT i = 0; i < 2; i++) m_swap->GetBuffer(i, IID_PPV_ARGS(&m_bb[i])); }
void Renderer::Draw() { Barrier(m_bb[m_frame].Get()); }
`;
    const b = both(pending);
    assert.deepEqual(b.mirror, { sealed: [], pending: [{ name: 'm_bb', cls: 'Renderer' }], filled: ['m_bb'] });
    assert.deepEqual(b.native, b.mirror);
  });
});
