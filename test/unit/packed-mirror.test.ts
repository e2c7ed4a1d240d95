// A multi-file run analyses a file a second time with other files' definitions (the import pass, cli/cross-file.ts).
// That analysis starts from the first analysis's mirror, kept packed as numbers (extract/node.ts PackedMirror),
// instead of parsing the text and copying the tree again: the parse and the copy were a quarter of that pass's CPU.
// The mirror made from the numbers is the tree's own, node for node; an analysis from it does not parse and answers
// exactly what one from the text answers; a mirror of another text is not used.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Parser from 'tree-sitter';
import type { PackedMirror, SyntaxNode } from '../../server/src/extract/node';
import { NodeDoc, NUMBER_TABLE } from '../../server/src/extract/node';
import { parseCpp } from '../../server/src/parse/parser';
import { analyze } from '../../server/src/analyze';

const TEXT = `#include <d3d12.h>
static const unsigned char g_bytes[] = {${Array.from({ length: 20000 }, (_, i) => String(i % 251)).join(',')}};
enum Pass { kShadow = 2, kMain = kShadow + 1 };
class Target {
public:
  ID3D12Resource* GetResource() const { return m_resource; }
private:
  ID3D12Resource* m_resource = nullptr;
};
void Frame(ID3D12GraphicsCommandList* cl, Target& t, int pass)
{
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(t.GetResource(), D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    int a = 1, c = 2, d = (a, c, pass);
    switch (pass) { case kMain: cl->ResourceBarrier(1, &b); break; default: break; }
    cl->ResourceBarrier(1, &b);
}
`;
/** The same file with a syntax error: tokens are mirrored with their ranges, MISSING ones marked. */
const BROKEN = TEXT.replace('int a = 1, c = 2', 'int a = 1, c = 2 +');

/** Every node of a mirror, as a line: what the extractor can read of it. */
function dump(root: SyntaxNode): string[] {
  const out: string[] = [];
  const stack: [SyntaxNode, number][] = [[root, 0]];
  while (stack.length) {
    const [n, depth] = stack.pop()!;
    out.push(`${depth} ${n.type} ${n.field ?? '-'} ${n.isNamed} ${n.hasError} ${n.isMissing} ${n.startIndex}-${n.endIndex} h${n.height} ${n.parent?.type ?? '^'}`);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i], depth + 1]);
  }
  return out;
}

function packedOf(text: string): PackedMirror {
  const doc = new NodeDoc(text);
  doc.root(parseCpp(text));
  return doc.packed()!;
}

/** How many times tree-sitter parses while `f` runs. */
function parsesDuring<T>(f: () => T): { value: T; parses: number } {
  const proto = Parser.prototype as unknown as { parse: (...args: unknown[]) => unknown };
  const real = proto.parse;
  let parses = 0;
  proto.parse = function (this: unknown, ...args: unknown[]) {
    parses++;
    return real.apply(this, args);
  };
  try {
    return { value: f(), parses };
  } finally {
    proto.parse = real;
  }
}

void describe('packed mirrors', () => {
  void it('make the mirror the tree gives, node for node (number tables, comma chains, syntax errors)', () => {
    for (const text of [TEXT, BROKEN]) {
      const fresh = new NodeDoc(text).root(parseCpp(text));
      const again = new NodeDoc(text).unpacked(packedOf(text));
      assert.deepEqual(dump(again), dump(fresh));
      // A tree with errors mirrors its tokens with their ranges and its tables number by number.
      assert.equal(dump(fresh).some((line) => line.includes(` ${NUMBER_TABLE} `)), text === TEXT);
    }
  });

  void it('an analysis from one does not parse and answers what one from the text answers', () => {
    for (const text of [TEXT, BROKEN]) {
      let kept: PackedMirror | undefined;
      const first = analyze(text, 'file:///frame.cpp', { complete: true, keepMirror: (m) => { kept = m; } });
      assert.ok(kept, 'a complete analysis hands its mirror over');
      const imports = { enumerators: new Map([['kMain', 3]]), getters: new Map([['GetResource', 'ID3D12Resource* GetResource() const { return m_resource; }']]) };
      const fromText = analyze(text, 'file:///frame.cpp', { complete: true, ...imports });
      const fromMirror = parsesDuring(() => analyze(text, 'file:///frame.cpp', { complete: true, ...imports, mirror: kept }));
      // The imported getter's definition is parsed on its own (a small tree); the file is not.
      const again = parsesDuring(() => analyze(text, 'file:///frame.cpp', { complete: true, ...imports }));
      assert.equal(fromMirror.parses, again.parses - 1);
      assert.deepEqual(fromMirror.value, fromText);
      assert.deepEqual(analyze(text, 'file:///frame.cpp', { complete: true, mirror: kept }), first);
    }
  });

  void it('a mirror of another text is not used', () => {
    const other = packedOf(BROKEN);
    const run = parsesDuring(() => analyze(TEXT, 'file:///frame.cpp', { complete: true, mirror: other }));
    assert.equal(run.parses, 1);
    assert.deepEqual(run.value, analyze(TEXT, 'file:///frame.cpp', { complete: true }));
  });
});
