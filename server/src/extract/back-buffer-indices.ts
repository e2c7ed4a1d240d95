// Names that hold the swap chain's current back-buffer index: a local or member assigned
// `swapChain->GetCurrentBackBufferIndex()` (`m_frameIndex = m_swapChain->GetCurrentBackBufferIndex();`,
// `UINT bb = swap->GetCurrentBackBufferIndex();`), and the call itself where it indexes directly
// (`m_rt[m_swapChain->GetCurrentBackBufferIndex()]`). An array element indexed by one of them that a barrier of the
// file moves out of or into PRESENT is a swap-chain buffer even where the file never calls `GetBuffer` (the swap
// chain is set up in another file of the engine): Present needs it back in PRESENT (track/file-uses.ts).
// NOTE: the names are file-wide, as keys of members are; a local of the same spelling in another function that
// indexes an array its barriers take to or from PRESENT is a back buffer too, by the same PRESENT evidence.
import type { SyntaxNode } from './node';
import { calleeName } from './syntax';

const INDEX_CALL = 'GetCurrentBackBufferIndex';
const C_INDEX_CALL = /^IDXGISwapChain\d*_GetCurrentBackBufferIndex$/;

/** Nodes an index passes through unchanged: `(…)`, `(UINT)…`, `{ … }` of a brace initialiser. */
const WRAPPERS = new Set(['parenthesized_expression', 'cast_expression', 'initializer_list']);

/** The argument list of `static_cast<T>(…)`. */
const isStaticCastArgs = (n: SyntaxNode): boolean =>
  n.type === 'argument_list' && n.namedChildCount === 1 && n.parent?.type === 'call_expression'
  && /^static_cast\s*</.test(n.parent.childForFieldName('function')?.text ?? '');

/** A key as the walker spells it: no spaces, no `this->`. */
export const indexKey = (text: string): string => text.replace(/\s+/g, '').replace(/\bthis->/g, '');

/** The file's back-buffer index names and direct index calls, as keys. */
export function backBufferIndexNames(root: SyntaxNode): string[] {
  const out = new Set<string>();
  for (const call of root.descendantsOfType('call_expression')) {
    const f = call.childForFieldName('function');
    // The C COM macro takes the swap chain first: `IDXGISwapChain3_GetCurrentBackBufferIndex(chain)`.
    const cMacro = f?.type === 'identifier' && C_INDEX_CALL.test(f.text) && call.childForFieldName('arguments')?.namedChildCount === 1;
    if (!cMacro && (f?.type !== 'field_expression' || calleeName(f) !== INDEX_CALL)) continue;
    if (!cMacro && (call.childForFieldName('arguments')?.namedChildCount ?? 0) !== 0) continue;
    out.add(indexKey(call.text));
    let p = call.parent;
    while (p && (WRAPPERS.has(p.type) || isStaticCastArgs(p))) p = p.type === 'argument_list' ? p.parent!.parent : p.parent;
    if (p?.type === 'assignment_expression' && p.childForFieldName('operator')?.text === '=') {
      const left = p.childForFieldName('left');
      if (left) out.add(indexKey(left.text));
    } else if (p?.type === 'init_declarator') {
      const d = p.childForFieldName('declarator');
      if (d?.type === 'identifier') out.add(d.text);
    }
  }
  return [...out];
}

/** The text of an index call, bare, cast (`(UINT)…`) or `static_cast<UINT>(…)`: the call is group 1. */
const INDEX_CALL_TEXT = new RegExp(String.raw`^(?:\(\s*\w+\s*\)|static_cast\s*<\s*\w+\s*>\s*\()?\s*((?:\w+\s*(?:->|\.)\s*)+${INDEX_CALL}\s*\(\s*\))\s*\)?$`);

/**
 * `swapChain->GetCurrentBackBufferIndex()` (through a cast): the index every function of the frame reads the same
 * until `Present`, so `m_rt[bb]` of a local `bb` holding it is keyed `m_rt[swapChain->GetCurrentBackBufferIndex()]`
 * (spelt as the names above are keyed) — `BeginFrame()` and `EndFrame()` each with a local of their own, called
 * in turn, name one back buffer (a local's key would be dropped when the helper returns).
 */
export function backBufferIndexCall(text: string): string | undefined {
  const m = INDEX_CALL_TEXT.exec(text);
  return m ? indexKey(m[1]) : undefined;
}
