// A brace list of 64 KB or more holding numbers alone (a generated sampler table, compiled shader bytecode) is
// mirrored as one NUMBER_TABLE leaf (extract/node.ts): the copy and the evaluation of a quarter million numbers were
// most of such a file's CPU. A list that names anything, a shorter one, or one in a tree with syntax errors is
// mirrored as before; and the file's barriers are analysed as before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SyntaxNode } from '../../server/src/extract/node';
import { NodeDoc, NUMBER_TABLE } from '../../server/src/extract/node';
import { parseCpp } from '../../server/src/parse/parser';
import { analyze } from '../../server/src/analyze';

function numbers(count: number): string {
  return Array.from({ length: count }, (_, i) => (i % 3 === 0 ? `0x${(i % 255).toString(16)}` : i % 3 === 1 ? `${i % 97}` : `${i % 13}.5f`)).join(',');
}

function types(text: string): string[] {
  const out: string[] = [];
  const stack: SyntaxNode[] = [new NodeDoc(text).root(parseCpp(text))];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n.type);
    stack.push(...n.children);
  }
  return out;
}

const BARRIER = `
void Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* r)
{
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(r, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->ResourceBarrier(1, &b);
    cl->ResourceBarrier(1, &b);
}
`;

void describe('huge number tables', () => {
  void it('a 64 KB list of numbers alone is one leaf', () => {
    const t = types(`static const float kTable[] = {${numbers(20000)}};\n`);
    assert.equal(t.filter((x) => x === NUMBER_TABLE).length, 1);
    assert.equal(t.filter((x) => x === 'number_literal').length, 0);
  });

  void it('a list naming anything, a short one, or one in a tree with errors is mirrored', () => {
    assert.equal(types(`static const int kTable[] = {${numbers(20000)},kLast};\n`).filter((x) => x === NUMBER_TABLE).length, 0);
    assert.equal(types(`static const int kTable[] = {${numbers(200)}};\n`).filter((x) => x === NUMBER_TABLE).length, 0);
    assert.equal(types(`static const int kTable[] = {${numbers(20000)}};\nint f( {\n`).filter((x) => x === NUMBER_TABLE).length, 0);
  });

  void it('the file\'s barriers are analysed as without the table', () => {
    const table = `static const unsigned char g_shader[] = {${numbers(30000)}};\n`;
    const rules = (text: string) => analyze(text, 'file:///t.cpp', { complete: true }).findings.map((f) => `${f.rule}:${f.range.startLine - (text.startsWith('static') ? 1 : 0)}`);
    assert.deepEqual(rules(table + BARRIER), rules(BARRIER));
    assert.ok(rules(BARRIER).some((r) => r.startsWith('legacy-state-mismatch')));
  });
});
