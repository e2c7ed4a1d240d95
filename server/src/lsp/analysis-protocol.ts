// Messages between the language server's JSON-RPC thread (analysis-host.ts) and its analysis worker thread
// (analysis-worker.ts). The worker mirrors the open documents (text and syntax tree) and runs every analysis, so
// the JSON-RPC thread never blocks on one. Every value here is plain data (structured-clone safe).
import type { Diagnostic } from 'vscode-languageserver';
import type { AnalysisResult, SiteFact } from '../report/analysis-result';
import type { TextChange, TreeEdit } from '../parse/document-store';
import type { BarrierlintConfig, Range } from '../types';

export interface DocumentConfigData {
  config: BarrierlintConfig;
  ignored: boolean;
}

/** What the JSON-RPC thread keeps of one analysis of an open document (hover, inlay hints, publishing). */
export interface DocumentResult {
  uri: string;
  version: number;
  diagnostics: Diagnostic[];
  /** Undefined when the file was skipped (binary, too large, or ignored by its configuration). */
  sites: SiteFact[] | undefined;
  /** What was analysed: the whole file, only the edited function, or nothing (skipped). */
  scope: 'file' | 'function' | 'skipped';
  elapsedMs: number;
  platform: string;
  /** The analysis of this version failed (diagnostics: one info diagnostic); it is not retried until an edit. */
  failed?: true;
}

/**
 * A function-only analysis as a change to the previous result of the same document (`baseVersion`): the
 * JSON-RPC thread moves what it keeps by `edits`, drops what lies in `focus` and adds these (result-moves.ts).
 * Nothing else crosses the thread boundary, so a keystroke in a 40,000-line file does not copy all its findings.
 */
export interface DocumentDelta {
  uri: string;
  version: number;
  scope: 'function';
  elapsedMs: number;
  platform: string;
  delta: { baseVersion: number; edits: TreeEdit[]; focus: Range; diagnostics: Diagnostic[]; sites: SiteFact[] };
}

export type DocumentReply = DocumentResult | DocumentDelta;

/** Notifications: keep the worker's copy of the open documents in step (no reply). */
export type DocumentMessage =
  | { type: 'open'; uri: string; languageId: string; version: number; text: string }
  | { type: 'change'; uri: string; version: number; changes: TextChange[] }
  | { type: 'close'; uri: string }
  /**
   * Where the user's cursor is (a hover or code action was asked at that line): the idle preparation of the first
   * keystroke readies the function around it (incremental-analysis.ts prepareFunction).
   */
  | { type: 'cursor'; uri: string; line: number };

/** Requests: each has an id; the worker answers with a WorkerReply of the same id. */
export type WorkerRequest =
  /** Analyse the open document at `version` (the function an edit touched, or the whole file). */
  | { type: 'analyze'; id: number; uri: string; version: number; wholeFile: boolean; callers?: boolean; config: DocumentConfigData }
  /** A fresh analysis of the function around `line`, with facts (code actions). */
  | { type: 'analysisAt'; id: number; uri: string; version: number; line: number; config: DocumentConfigData }
  /** Analyse a text that is not open (workspace lint). */
  | { type: 'analyzeText'; id: number; uri: string; text: string; config: DocumentConfigData }
  /** Read the helper functions of files from disk into the workspace index (one file at a time, on the background thread). */
  | { type: 'index'; id: number; uris: string[]; maxMillis: number }
  | { type: 'forgetHelpers'; id: number; uri: string }
  /** The whole latest result of an open document (when the JSON-RPC thread cannot apply a delta to its copy). */
  | { type: 'latest'; id: number; uri: string }
  /** The timeline of the resource at a position of an open document (editor-views.ts), from its latest result. */
  | { type: 'timeline'; id: number; uri: string; version: number; position: { line: number; character: number } }
  /** Where the timeline code lenses go in an open document, from its latest result. */
  | { type: 'timelineLenses'; id: number; uri: string; version: number }
  /** What the keystroke thread's caches did so far (tests): answered with a KeystrokeCaches. */
  | { type: 'caches'; id: number };

/**
 * The keystroke thread's caches across keystrokes: whether it keeps mirrored subtrees (extract/subtree-reuse.ts) and
 * how many subtrees and functions' facts (extract/function-cache.ts) its extractions reused and kept so far.
 */
export interface KeystrokeCaches {
  subtreeReuse: boolean;
  subtrees: { reused: number; copied: number };
  functionFacts: { reused: number; kept: number };
}

export type WorkerMessage = DocumentMessage | WorkerRequest;

export type WorkerReply =
  /** Sent when the worker starts a synchronous request: a worker that dies now died on this one. */
  | { id: number; started: true }
  | { id: number; value: unknown }
  | { id: number; cancelled: true }
  | { id: number; error: string };

export interface AnalysisAtValue {
  result: AnalysisResult | undefined;
}

export interface IndexValue {
  files: number;
  truncated: boolean;
}

/** Slots of the shared cancellation table: a request is cancelled when its slot holds its id. */
export const CANCEL_SLOTS = 1024;

/**
 * The slot after them counts the messages the JSON-RPC thread posted to the analysis worker: work the worker does
 * while nothing is asked (AnalysisCore.prepare) stops as soon as it moves.
 */
export const MESSAGE_COUNT_SLOT = CANCEL_SLOTS;

/** Length of the shared table: the cancellation slots and the message count. */
export const CANCEL_TABLE_LENGTH = CANCEL_SLOTS + 1;
