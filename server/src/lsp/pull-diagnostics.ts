// Pull diagnostics (LSP 3.17 `textDocument/diagnostic`, `workspace/diagnostic`) for clients that declare them and
// can be asked to pull again (`workspace/diagnostic/refresh`); the others get them pushed (document-analysis.ts).
// A report names its result (`resultId`): the document version, the analysis result and how many diagnostics the
// typing calm shows of it. A pull whose previous result is the current one is answered `unchanged`, so a client
// that pulls every open document after each edit gets the full list only for the document that changed. The
// client pulls by itself after an edit; the server asks it to pull again only when the diagnostics of a version
// it already has change (the whole-file re-check after a pause, held findings shown, new settings).
import type { ClientCapabilities, Diagnostic } from 'vscode-languageserver';
import type { DocumentResult } from './analysis-protocol';

/** The client can pull and can be asked to pull again: the server then never pushes an open document's diagnostics. */
export function clientPulls(caps: ClientCapabilities): boolean {
  return !!caps.textDocument?.diagnostic && !!caps.workspace?.diagnostics?.refreshSupport;
}

export interface ShownReport {
  resultId: string;
  version: number;
  diagnostics: Diagnostic[];
}

export type PullReport =
  | { kind: 'full'; resultId: string; items: Diagnostic[] }
  | { kind: 'unchanged'; resultId: string };

/** Result ids per document: what was last answered, and the id of each analysis result. */
export class PullState {
  private readonly resultIds = new WeakMap<DocumentResult, number>();
  private nextResult = 1;
  private readonly answered = new Map<string, string>();

  /** The id of what `shown` diagnostics of `entry` are (the same result shown the same way has the same id). */
  resultId(entry: DocumentResult, shownCount: number): string {
    let id = this.resultIds.get(entry);
    if (id === undefined) this.resultIds.set(entry, (id = this.nextResult++));
    return `${entry.version}.${id}.${shownCount}`;
  }

  /** The report for a pull that knew `previousResultId`; remembered as the document's answered result. */
  report(uri: string, shown: ShownReport, previousResultId: string | undefined): PullReport {
    this.answered.set(uri, shown.resultId);
    return previousResultId === shown.resultId
      ? { kind: 'unchanged', resultId: shown.resultId }
      : { kind: 'full', resultId: shown.resultId, items: shown.diagnostics };
  }

  /**
   * True when the client has a report for this version of the document whose diagnostics are not `resultId`'s:
   * it must be asked to pull again. A newer version is pulled by the client after its edit, unasked.
   */
  stale(uri: string, version: number, resultId: string): boolean {
    const answered = this.answered.get(uri);
    return answered !== undefined && answered !== resultId && Number(answered.split('.')[0]) === version;
  }

  forget(uri: string): void {
    this.answered.delete(uri);
  }
}
