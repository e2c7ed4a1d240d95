// A whole-file analysis as a job for the background thread (background-thread.ts): plain data in (the document's
// text at one version, its configuration) and out (what the analysis worker keeps of the result, and the file's
// helper functions for the workspace index). The analysis worker keeps answering keystrokes while it runs, and a
// newer version of the document cancels it at its next check, the parse included.
import type { CancelCheck } from '../cancel';
import type { FileFacts } from '../extract/facts';
import { StoredDocument } from '../parse/document-store';
import type { WorkspaceIndex } from '../track/workspace';
import type { BarrierlintConfig } from '../types';
import { analyzeFile, type DocumentFacts } from './incremental-analysis';

export interface FileJob {
  uri: string;
  text: string;
  config: Partial<BarrierlintConfig>;
}

/** The whole-file result (mode 'file') and the file's helpers as the workspace index keeps them. */
export interface FileAnswer {
  facts: DocumentFacts;
  helpers: Pick<FileFacts, 'functions' | 'classBases'>;
}

export function analyzeFileJob(job: FileJob, options: { workspace?: WorkspaceIndex; isCancelled?: CancelCheck } = {}): FileAnswer {
  const doc = new StoredDocument(job.uri, 'cpp', 0, job.text);
  const file = analyzeFile(doc, job.config, options);
  // NOTE: only what WorkspaceIndex.set keeps crosses back (the relevant named functions): the rest of the facts
  // would be copied to the analysis worker for nothing.
  const functions = (file.facts?.functions ?? []).filter((f) => f.relevant && !f.lambda);
  const facts: DocumentFacts = { findings: file.findings, sites: file.sites, spans: file.spans, mode: file.mode, parseErrors: file.parseErrors };
  return { facts, helpers: { functions, ...(file.facts?.classBases ? { classBases: file.facts.classBases } : {}) } };
}
