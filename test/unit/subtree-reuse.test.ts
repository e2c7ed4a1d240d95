// Mirrored subtrees kept between extractions (extract/subtree-reuse.ts) give the mirror the tree itself gives: every
// node's type, field, flags, height, offsets, text and range equal a fresh copy's, on every fixture and example,
// after edits (typed characters that make syntax errors, so tokens are mirrored with their ranges) and on
// documents where other functions are blanked out (the editor's reduced ones: kept text at other offsets); a
// kept subtree is copied, so no two mirrors share a node. Facts and findings with the reuse on and off are compared
// in function-cache.test.ts.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { NodeDoc, type SyntaxNode } from '../../server/src/extract/node';
import { keptSubtrees } from '../../server/src/extract/subtree-reuse';
import { parseCpp } from '../../server/src/parse/parser';
import { sourceFiles } from '../harness/fixture';
import { rngOf } from '../harness/adversarial';
import { propertySeed } from '../harness/seed';

const ROOT = path.resolve(__dirname, '../../..');
const files = (): string[] => [...sourceFiles(path.join(ROOT, 'test', 'fixtures')), ...sourceFiles(path.join(ROOT, 'examples'))];

/** Every node of a mirror as one line: what the extractor can read of it. */
function shape(root: SyntaxNode): string[] {
  const out: string[] = [];
  const stack: [SyntaxNode, number][] = [[root, 0]];
  while (stack.length) {
    const [n, depth] = stack.pop()!;
    const r = n.range;
    out.push(`${depth} ${n.type} ${n.field ?? '-'} ${n.isNamed} ${n.hasError} ${n.isMissing} ${n.height} ${n.startIndex}-${n.endIndex} ` +
      `${r.startLine}:${r.startColumn}-${r.endLine}:${r.endColumn} ${n.parent?.type ?? '-'} ${JSON.stringify(n.text)}`);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i], depth + 1]);
  }
  return out;
}

function nodesOf(root: SyntaxNode): Set<SyntaxNode> {
  const out = new Set<SyntaxNode>();
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    out.add(n);
    stack.push(...n.children);
  }
  return out;
}

/** The mirror with kept subtrees equals a fresh one, and shares no node with the previous mirror. */
function assertSameMirror(text: string, what: string, previous?: Set<SyntaxNode>): Set<SyntaxNode> {
  const tree = parseCpp(text);
  const fresh = shape(new NodeDoc(text).root(tree));
  const reusedRoot = new NodeDoc(text, keptSubtrees).root(tree);
  const reused = shape(reusedRoot);
  const at = fresh.findIndex((line, i) => line !== reused[i]);
  if (at >= 0 || fresh.length !== reused.length) assert.fail(`${what}: node ${at}: ${fresh[at]} vs ${reused[at]}`);
  const nodes = nodesOf(reusedRoot);
  if (previous) for (const n of nodes) assert.ok(!previous.has(n), `${what}: a node of the previous mirror`);
  return nodes;
}

void test('a mirror with kept subtrees equals a fresh one on every fixture and example, twice', () => {
  const before = keptSubtrees.stats.reused;
  for (const pass of ['', ' (again)']) for (const file of files()) assertSameMirror(fs.readFileSync(file, 'utf8'), path.relative(ROOT, file) + pass);
  assert.ok(keptSubtrees.stats.reused > before, 'subtrees are reused');
});

void test('a mirror with kept subtrees equals a fresh one after random edits and with functions blanked out', () => {
  const seed = propertySeed('subtree-reuse edits');
  const rng = rngOf(seed);
  const all = files();
  const typed = [' ', 'x', '\n', ';', '}', '{', '(', '0', 'cl->', '/*', '"'];
  for (let n = 0; n < 12; n++) {
    let text = fs.readFileSync(all[Math.floor(rng() * all.length)], 'utf8');
    let previous = assertSameMirror(text, `input ${n} (seed ${seed})`);
    for (let step = 0; step < 10; step++) {
      const at = Math.floor(rng() * text.length);
      const r = rng();
      if (r < 0.2) {
        // Blank a line range (the editor's reduced documents keep rows, not text).
        const end = Math.min(text.length, at + Math.floor(rng() * 400));
        text = text.slice(0, at) + text.slice(at, end).replace(/[^\n]/g, ' ') + text.slice(end);
      } else if (r < 0.4) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(rng() * 3));
      else text = text.slice(0, at) + typed[Math.floor(rng() * typed.length)] + text.slice(at);
      previous = assertSameMirror(text, `input ${n}, edit ${step} at ${at} (seed ${seed})`, previous);
    }
  }
});

void test('the function typed in is copied from the tree only along the edited statement: its other statements are kept', () => {
  const fn = (typed: string): string => [
    'void Record(ID3D12GraphicsCommandList* commandList, ID3D12Resource* texture)',
    '{',
    '    D3D12_RESOURCE_BARRIER firstBarrier = CD3DX12_RESOURCE_BARRIER::Transition(texture, StateA, StateB);',
    '    if (commandList != nullptr) {',
    '        commandList->ResourceBarrier(1, &firstBarrier);',
    `        commandList->ResourceBarrier(1, &${typed});`,
    '    }',
    '    commandList->OMSetRenderTargets(1, &rtvHandle, FALSE, nullptr);',
    '}',
    '',
  ].join('\n');
  let previous = assertSameMirror(fn('firstBarrier'), 'before typing');
  for (const typed of ['firstBarrie', 'firstBarri', 'firstBarr']) {
    const before = keptSubtrees.stats.reused;
    previous = assertSameMirror(fn(typed), `typed ${typed}`, previous);
    // The declaration, the first call in the `if` block and the last call: kept; the body, the `if` and the
    // edited call are copied from the tree.
    assert.equal(keptSubtrees.stats.reused - before, 3, typed);
  }
  // Typed back as it was: the body kept whole when it was first copied is found whole.
  const before = keptSubtrees.stats.reused;
  assertSameMirror(fn('firstBarrier'), 'typed back', previous);
  assert.equal(keptSubtrees.stats.reused - before, 1);
});
