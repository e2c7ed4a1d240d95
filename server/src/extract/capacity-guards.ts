// Capacity checks before an append to a fixed batch:
//
//   void Add(ID3D12Resource* res, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
//     if (m_count == kMax) return;                      // or >=, kMax <= m_count; `{ assert(false); return; }`
//     m_barriers[m_count++] = CD3DX12_RESOURCE_BARRIER::Transition(res, before, after);
//   }
//
// The early return drops the barrier when the storage is full, which engine code treats as a programming error
// (an assert, a log line): the path is not one the code means to run. Left undecided, it made every addition "added
// on some paths", and the batch's submit then left each resource unknown. The walker marks the test as a 'skip'
// guard (facts.ts): when undecided, the tracker follows the path past the early return. Recognised only when a later
// statement of the same block appends through the tested counter (`arr[count++]`) or the tested container
// (`v.size() >= N` before `v.push_back(…)` / `v.emplace_back(…)`).
import type { SyntaxNode } from './node';
import { calleeName } from './syntax';

const norm = (t: string): string => t.replace(/\s+/g, '').replace(/this->/g, '');
const FULL: Readonly<Record<string, 'left' | 'right'>> = { '==': 'left', '>=': 'left', '>': 'left', '<=': 'right', '<': 'right' };

/** `if (<counter> == <capacity>) return;` followed by an append through the counter: true. */
export function capacityGuard(n: SyntaxNode): boolean {
  if (n.childForFieldName('alternative') || !returnsOnly(n.childForFieldName('consequence'))) return false;
  let cond = n.childForFieldName('condition');
  while (cond && (cond.type === 'condition_clause' || cond.type === 'parenthesized_expression') && cond.namedChildCount === 1) cond = cond.namedChild(0);
  if (cond?.type !== 'binary_expression') return false;
  const side = FULL[cond.childForFieldName('operator')?.text ?? ''];
  const tested = side ? cond.childForFieldName(side) : null;
  if (!tested) return false;
  const sized = tested.type === 'call_expression' && calleeName(tested.childForFieldName('function') ?? tested) === 'size'
    ? tested.childForFieldName('function')?.childForFieldName('argument') : null;
  const counter = sized ? undefined : tested.type === 'identifier' || tested.type === 'field_expression' ? norm(tested.text) : undefined;
  const container = sized ? norm(sized.text) : undefined;
  if (!counter && !container) return false;
  const later = (n.parent?.namedChildren ?? []).filter((s) => s.startIndex > n.startIndex);
  return later.some((s) => counter ? appendsThrough(s, counter) : pushesTo(s, container!));
}

/** The branch only leaves: `return;` / `return x;`, or a block of calls (assert, log) ending in one. */
function returnsOnly(s: SyntaxNode | null): boolean {
  if (!s) return false;
  if (s.type === 'return_statement') return true;
  if (s.type !== 'compound_statement') return false;
  const body = s.namedChildren.filter((c) => c.type !== 'comment');
  const last = body.pop();
  return last?.type === 'return_statement' && body.every((c) => c.type === 'expression_statement' && c.namedChild(0)?.type === 'call_expression');
}

/** `arr[counter++]` somewhere in the statement. */
function appendsThrough(s: SyntaxNode, counter: string): boolean {
  return s.descendantsOfType('subscript_expression').some((sub) => {
    const idx = sub.childForFieldName('indices')?.namedChildren[0] ?? sub.childForFieldName('index');
    return idx?.type === 'update_expression' && /\+\+$/.test(idx.text.trim()) && norm(idx.childForFieldName('argument')?.text ?? '') === counter;
  });
}

/** `container.push_back(…)` / `container.emplace_back(…)` somewhere in the statement. */
function pushesTo(s: SyntaxNode, container: string): boolean {
  return s.descendantsOfType('call_expression').some((c) => {
    const f = c.childForFieldName('function');
    const name = f ? calleeName(f) : undefined;
    return (name === 'push_back' || name === 'emplace_back') && norm(f?.childForFieldName('argument')?.text ?? '') === container;
  });
}
