// "Merge into one call" for `mergeable-barrier-calls`: two back-to-back calls that each submit one barrier (or one
// barrier group) by address, `cl->ResourceBarrier(1, &a); cl->ResourceBarrier(1, &b);`, become one call on an
// array of both, in their order: `const D3D12_RESOURCE_BARRIER barriers[] = { a, b }; cl->ResourceBarrier(2,
// barriers);`. Offered only when the text between the calls is their statement end alone and both calls are
// written `<list>-><Api>(1, &<value>)` on the same list spelling, so the edit cannot swallow other code.
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import type { StoredDocument } from '../parse/document-store';

interface Parsed {
  list: string;
  api: 'Barrier' | 'ResourceBarrier';
  value: string;
}

const CALL = /^([A-Za-z_][\w.]*(?:\(\))?|\([^()]*\))\s*->\s*(ResourceBarrier|Barrier)\s*\(\s*1[uU]?\s*,\s*&\s*([\s\S]+?)\s*\)$/;

/** `<list>-><Api>(1, &<value>)` → its parts; undefined for any other spelling. */
function parseCall(text: string): Parsed | undefined {
  const m = CALL.exec(text.trim());
  if (!m) return undefined;
  const value = m[3];
  // The value must be one operand: balanced brackets and no top-level comma (`&a, extra` is not one barrier).
  let depth = 0;
  for (const ch of value) {
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 0) return undefined;
    if (depth < 0) return undefined;
  }
  return depth === 0 ? { list: m[1], api: m[2] as Parsed['api'], value } : undefined;
}

/** A name for the array that the document does not use yet. */
function freshName(text: string, base: string): string {
  for (let n = 0; ; n++) {
    const name = n === 0 ? base : `${base}${n + 1}`;
    if (!new RegExp(`\\b${name}\\b`).test(text)) return name;
  }
}

export function mergeCallsAction(doc: StoredDocument, diagnostic: Diagnostic): CodeAction | undefined {
  const previous = diagnostic.relatedInformation?.find((r) => r.location.uri === doc.uri)?.location.range;
  if (!previous) return undefined;
  const from = doc.offsetAt(previous.start);
  const firstEnd = doc.offsetAt(previous.end);
  const secondStart = doc.offsetAt(diagnostic.range.start);
  const to = doc.offsetAt(diagnostic.range.end);
  if (!(from < firstEnd && firstEnd <= secondStart && secondStart < to)) return undefined;
  if (!/^\s*;\s*$/.test(doc.text.slice(firstEnd, secondStart))) return undefined;
  const first = parseCall(doc.text.slice(from, firstEnd));
  const second = parseCall(doc.text.slice(secondStart, to));
  if (!first || !second || first.api !== second.api || first.list !== second.list) return undefined;
  const lineStart = doc.offsetAt({ line: previous.start.line, character: 0 });
  const indent = /^[ \t]*/.exec(doc.text.slice(lineStart, from))?.[0] ?? '';
  if (doc.text.slice(lineStart, from).trim() !== '') return undefined;
  const eol = doc.text.includes('\r\n') ? '\r\n' : '\n';
  const enhanced = first.api === 'Barrier';
  const name = freshName(doc.text, enhanced ? 'barrierGroups' : 'barriers');
  const type = enhanced ? 'D3D12_BARRIER_GROUP' : 'D3D12_RESOURCE_BARRIER';
  const newText = `const ${type} ${name}[] = { ${first.value}, ${second.value} };${eol}${indent}${first.list}->${first.api}(2, ${name})`;
  const title = `Merge the two ${first.api} calls into one`;
  return {
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    edit: { changes: { [doc.uri]: [{ range: { start: previous.start, end: diagnostic.range.end }, newText }] } },
  };
}
