// Text-level helpers for fixes that rewrite source: offsets ↔ ranges (UTF-16), the file's line break and indent
// unit, statement boundaries around a call, and fresh identifiers. Used by legacy-rewrite.ts; no syntax tree.
import { LineIndex } from '../parse/positions';
import type { FixEdit, Range } from '../types';
import { escapeRegExp } from '../regexp-literal';

export interface CallStatement {
  /** Offsets of the call statement: from the call's first character to just after its `;`. */
  start: number;
  end: number;
  /** Leading whitespace of the statement's line. */
  indent: string;
  /** The object the method is called on (`cl`, `m_list.Get()`) and the operator (`->` or `.`). */
  object: string;
  op: string;
}

export interface LocalDeclaration {
  name: string;
  start: number;
  end: number;
  indent: string;
}


export class SourceText {
  readonly eol: string;
  readonly indentUnit: string;
  private readonly lines: LineIndex;
  private readonly lineStarts: readonly number[];

  constructor(readonly text: string) {
    this.lines = new LineIndex(text);
    this.lineStarts = this.lines.starts;
    this.eol = text.includes('\r\n') ? '\r\n' : !text.includes('\n') && text.includes('\r') ? '\r' : '\n';
    this.indentUnit = detectIndentUnit(text);
  }

  offsetOf(line: number, column: number): number {
    return this.lines.offsetAt(line, column);
  }

  rangeOf(start: number, end: number): Range {
    const s = this.lines.position(start);
    const e = this.lines.position(end);
    return { startLine: s.line, startColumn: s.column, endLine: e.line, endColumn: e.column };
  }

  replace(start: number, end: number, newText: string): FixEdit {
    return { range: this.rangeOf(start, end), newText };
  }

  /** The statement `<object><op><method>(...);` at `range`, when the call stands alone on its line start. */
  callStatement(range: Range, method: string): CallStatement | undefined {
    const start = this.offsetOf(range.startLine, range.startColumn);
    const end = this.offsetOf(range.endLine, range.endColumn);
    const lineStart = this.lineStarts[range.startLine] ?? 0;
    const indent = this.text.slice(lineStart, start);
    if (!/^[ \t]*$/.test(indent)) return undefined;
    const call = new RegExp(`^([\\s\\S]*?)\\s*(->|\\.)\\s*${method}\\s*\\(`).exec(this.text.slice(start, end));
    const semicolon = /^[ \t]*;/.exec(this.text.slice(end));
    if (!call || !semicolon || !call[1].trim()) return undefined;
    return { start, end: end + semicolon[0].length, indent, object: call[1].trim(), op: call[2] };
  }

  /**
   * False when the command list is declared in this file with an interface older than ID3D12GraphicsCommandList7
   * (which has no Barrier method); true when it is declared as 7+ or its declaration is not in this file.
   */
  supportsEnhancedBarriers(object: string, unknownIsEnhanced = false): boolean {
    const name = /([A-Za-z_]\w*)\s*(?:\.Get\(\))?$/.exec(object.replace(/^\(?\*?/, ''))?.[1];
    if (!name) return unknownIsEnhanced;
    const declared = new RegExp(
      `ID3D12GraphicsCommandList(\\d*)\\s*(?:>\\s*|\\*\\s*(?:const\\s+)?)${escapeRegExp(name)}\\b`,
    ).exec(this.text);
    return declared ? Number(declared[1] || '0') >= 7 : unknownIsEnhanced;
  }

  /**
   * `auto b = <barrier>;` (or `D3D12_RESOURCE_BARRIER` / `CD3DX12_RESOURCE_BARRIER`, optionally const) alone on
   * its line, whose variable is used only by `call` (`...ResourceBarrier(1, &b)`) within `scope`.
   */
  localBarrierDeclaration(barrier: Range, call: CallStatement, scope?: Range): LocalDeclaration | undefined {
    const lineStart = this.lineStarts[barrier.startLine] ?? 0;
    const barrierStart = this.offsetOf(barrier.startLine, barrier.startColumn);
    const barrierEnd = this.offsetOf(barrier.endLine, barrier.endColumn);
    const head = /^([ \t]*)((?:const\s+)?(?:auto|CD3DX12_RESOURCE_BARRIER|D3D12_RESOURCE_BARRIER)\s+([A-Za-z_]\w*)\s*=\s*)$/
      .exec(this.text.slice(lineStart, barrierStart));
    const tail = /^[ \t]*;/.exec(this.text.slice(barrierEnd));
    if (!head || !tail) return undefined;
    const name = head[3];
    const callText = this.text.slice(call.start, call.end);
    if (!new RegExp(`\\(\\s*1\\s*,\\s*&\\s*${name}\\s*\\)\\s*;$`).test(callText)) return undefined;
    const from = scope ? this.offsetOf(scope.startLine, scope.startColumn) : 0;
    const to = scope ? this.offsetOf(scope.endLine, scope.endColumn) : this.text.length;
    const uses = this.text.slice(from, to).match(new RegExp(`\\b${name}\\b`, 'g'))?.length ?? 0;
    if (uses !== 2) return undefined;
    return { name, start: lineStart + head[1].length, end: barrierEnd + tail[0].length, indent: head[1] };
  }

  /** `base`, or `base2`, `base3`... : the first that does not occur as an identifier in the text. */
  freshName(base: string): string {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}${n}`;
      if (!new RegExp(`\\b${candidate}\\b`).test(this.text)) return candidate;
    }
  }
}

/** A tab when lines are tab-indented, else the smallest space indentation in use (4 when there is none). */
export function detectIndentUnit(text: string): string {
  let smallest = Infinity;
  for (const match of text.matchAll(/^([ \t]+)\S/gm)) {
    if (match[1].startsWith('\t')) return '\t';
    smallest = Math.min(smallest, match[1].length);
  }
  return smallest === Infinity || smallest > 8 ? '    ' : ' '.repeat(smallest);
}
