// A whole-file analysis as a job for the background thread (background-thread.ts): plain data in (the document's
// text at one version, its configuration) and out (what the analysis worker keeps of the result, and the file's
// helper functions for the workspace index). The analysis worker keeps answering keystrokes while it runs, and a
// newer version of the document cancels it at its next check, the parse included.
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { CancelCheck } from '../cancel';
import type { FileFacts } from '../extract/facts';
import { extractFacts } from '../extract/extract';
import { skipReason } from '../files/skip-reason';
import { StoredDocument } from '../parse/document-store';
import { parseCpp } from '../parse/parser';
import { readSourceFile } from '../parse/read-policy';
import { idleMethodKeys, workspaceHelpers, type WorkspaceIndex } from '../track/workspace';
import type { BarrierlintConfig } from '../types';
import { analyzeFile, type DocumentFacts } from './incremental-analysis';

export interface FileJob {
  uri: string;
  text: string;
  config: Partial<BarrierlintConfig>;
  /** False: the file's helpers are not wanted (a file that is not open, linted once). */
  helpers?: false;
}

export type FileHelpers = Pick<FileFacts, 'functions' | 'classBases' | 'functionDefinitions' | 'methodConstness' | 'methodUses' | 'classViews' | 'frameClasses' | 'methodClasses'> & { idleMethods?: string[] };

/**
 * The whole-file result (mode 'file') and the file's helpers as the workspace index keeps them, serialized: they are
 * read back (helpersOf) only when another document needs them. NOTE: a structured clone of a large file's helper
 * bodies costs the receiving thread 100-400 ms as the message arrives; the analysis worker must not spend that
 * between two keystrokes of the file itself, whose own helpers it never looks up in the index.
 */
export interface FileAnswer {
  facts: DocumentFacts;
  helpers?: Uint8Array;
}

/**
 * The translation helpers and conversions the file exports to the others (extract/imported-functions.ts), and its
 * methods with what they do with members (extract/method-uses.ts) and those that record nothing (track/workspace.ts).
 */
function definitionsOf(facts: FileFacts | undefined): Pick<FileHelpers, 'functionDefinitions' | 'methodConstness' | 'methodUses' | 'classViews' | 'frameClasses' | 'methodClasses' | 'idleMethods'> {
  const idle = facts ? idleMethodKeys(facts.functions) : [];
  return {
    // The classes' private fields and the classes whose methods the file defines (extract/header-frame-members.ts).
    ...(facts?.frameClasses ? { frameClasses: facts.frameClasses } : {}), ...(facts?.methodClasses ? { methodClasses: facts.methodClasses } : {}),
    ...(idle.length ? { idleMethods: idle } : {}),
    ...(facts?.classViews ? { classViews: facts.classViews } : {}),
    ...(facts?.functionDefinitions ? { functionDefinitions: facts.functionDefinitions } : {}),
    ...(facts?.methodConstness ? { methodConstness: facts.methodConstness } : {}), ...(facts?.methodUses ? { methodUses: facts.methodUses } : {}),
  };
}

export function helpersOf(serialized: Uint8Array): FileHelpers {
  return deserialize(serialized) as FileHelpers;
}

export function analyzeFileJob(job: FileJob, options: { workspace?: WorkspaceIndex; isCancelled?: CancelCheck } = {}): FileAnswer {
  const doc = new StoredDocument(job.uri, 'cpp', 0, job.text);
  const file = analyzeFile(doc, job.config, options);
  // NOTE: only what WorkspaceIndex.set keeps crosses back (the relevant named functions): the rest of the facts
  // would be copied to the analysis worker for nothing.
  const facts: DocumentFacts = {
    findings: file.findings, sites: file.sites, spans: file.spans, mode: file.mode, parseErrors: file.parseErrors, ...(file.calls ? { calls: file.calls } : {}),
    ...(file.frame ? { frame: file.frame } : {}),
  };
  if (job.helpers === false) return { facts };
  const functions = file.facts ? workspaceHelpers(file.facts, job.uri) : [];
  const helpers: FileHelpers = { functions, ...(file.facts?.classBases ? { classBases: file.facts.classBases } : {}), ...definitionsOf(file.facts) };
  return { facts, helpers: serialize(helpers) };
}

/** A file that is not open, read from disk for the workspace index (its helpers only: parsed and extracted). */
export interface IndexJob {
  uri: string;
}

/**
 * The file's helpers, serialized (as FileAnswer's); `forget` when it cannot be read or extracted (the index drops
 * what it had of it), neither when it is skipped (binary, too large).
 */
export type IndexAnswer = { helpers: Uint8Array } | { forget: true } | { skipped: true };

export function indexFileJob(job: IndexJob): IndexAnswer {
  let file: string;
  try {
    file = fileURLToPath(job.uri);
  } catch {
    return { forget: true };
  }
  // NOTE: the read policy of both surfaces (parse/read-policy.ts): regular files only, capped, never blocking.
  const source = readSourceFile(file);
  if (!source.ok) return { forget: true };
  if (skipReason(source.text)) return { skipped: true };
  try {
    const facts = extractFacts(parseCpp(source.text), source.text);
    const helpers: FileHelpers = { functions: workspaceHelpers(facts, job.uri), ...(facts.classBases ? { classBases: facts.classBases } : {}), ...definitionsOf(facts) };
    return { helpers: serialize(helpers) };
  } catch {
    // NOTE: an extractor failure on one file must not stop the indexing; the CLI reports such files.
    return { forget: true };
  }
}
