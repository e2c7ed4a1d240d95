// Cooperative cancellation of an analysis: the caller passes a check (`isCancelled`) that analyze() and the tracker
// consult between phases and between functions; a true answer abandons the analysis with AnalysisCancelled, which
// callers treat as "no result" (never as a failure). The language server's worker thread uses it when a newer
// version of the document arrives or a request is cancelled.

export type CancelCheck = () => boolean;

export class AnalysisCancelled extends Error {
  constructor() {
    super('analysis cancelled');
    this.name = 'AnalysisCancelled';
  }
}

export function throwIfCancelled(isCancelled: CancelCheck | undefined): void {
  if (isCancelled?.()) throw new AnalysisCancelled();
}
