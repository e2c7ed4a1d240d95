// Code actions: for barrierlint diagnostics the finding's own fixes (set LayoutBefore/AccessBefore/StateBefore to
// the tracked value...), "disable <rule> for this line" and "open the documentation of <rule>"; for a legacy
// barrier under the cursor, "rewrite as an enhanced barrier"; plus the commands the server executes for them.
import type {
  CodeAction,
  CodeActionParams,
  Connection,
  Diagnostic,
  ExecuteCommandParams,
  TextEdit,
} from 'vscode-languageserver';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeActionKind, MessageType, ShowMessageNotification } from 'vscode-languageserver';
import type { AnalysisResult } from '../analyze';
import type { StoredDocument } from '../parse/document-store';
import { diagnosticData, toLspRange } from '../report/lsp-diagnostics';
import { ruleDocsUrl } from '../rules/define-rule';
import { disableRuleEdit } from './disable-comment';
import { legacyRewriteActions } from './legacy-actions';
import { mergeCallsAction } from './merge-fix';
import { trackedValueActions } from './tracked-fixes';
import { splitLines } from '../parse/positions';

export const OPEN_RULE_DOCS = 'barrierlint.openRuleDocs';

export interface CodeActionRequest {
  doc: StoredDocument;
  params: CodeActionParams;
  /** A fresh analysis of the function around a line (one of codeActionLines(), computed beforehand). */
  analysisAt: (line: number) => AnalysisResult | undefined;
  /**
   * The client applies versioned `documentChanges`: every edit then names the document version it was computed
   * for, and the client refuses it on any other version (an edit computed for older text must not land in newer).
   */
  versionedEdits?: boolean;
  /** Offer the legacy→enhanced rewrite when the list's declared interface is not in the file. */
  unknownListIsEnhanced?: boolean;
  /** Every diagnostic of the document's current version (source.fixAll.barrierlint fixes them all). */
  documentDiagnostics?: readonly Diagnostic[];
}

/** Applies every safe fix of the document at once (the preferred fix of each diagnostic that has one). */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.barrierlint`;

/** Asked for explicitly (`only`): a fix-all never comes with the quick fixes of one line. */
function explicitly(only: readonly string[] | undefined, kind: string): boolean {
  return !!only && only.some((k) => kind === k || kind.startsWith(`${k}.`));
}

/**
 * The client's diagnostics as the document's current version has them: one published for an older version that the
 * current result (`current`, stamped with `version`) still has unchanged — same range, rule and message — is that
 * one, with its fixes for the current text. A publication that would only repeat the shown diagnostics is not sent
 * (document-analysis.ts), so while typing the client keeps the older version's. Any other diagnostic stays as it is
 * (an older version's gets no edit: actionsFor).
 */
export function currentDiagnostics(diagnostics: readonly Diagnostic[], current: readonly Diagnostic[] | undefined, version: number): Diagnostic[] {
  const key = (d: Diagnostic): string => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}|${String(d.code)}|${d.message}`;
  let byKey: Map<string, Diagnostic> | undefined;
  return diagnostics.map((d) => {
    const data = diagnosticData(d);
    if (!data || data.version === version || !current) return d;
    byKey ??= new Map(current.map((c) => [key(c), c]));
    return byKey.get(key(d)) ?? d;
  });
}

/** Turns `changes` edits into versioned documentChanges for the document's current version. */
function versioned(action: CodeAction, doc: StoredDocument): CodeAction {
  const edits = action.edit?.changes?.[doc.uri];
  if (!edits) return action;
  return { ...action, edit: { documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits }] } };
}

/** One action per distinct edit (two diagnostics of one barrier offer the same whole fix), one preferred at most. */
function distinct(actions: CodeAction[]): CodeAction[] {
  const seen = new Map<string, CodeAction>();
  let preferred = false;
  for (const action of actions) {
    const key = `${action.title}|${JSON.stringify(action.edit ?? action.command)}`;
    const prior = seen.get(key);
    if (prior) {
      prior.diagnostics = [...(prior.diagnostics ?? []), ...(action.diagnostics ?? [])];
      continue;
    }
    const copy = { ...action };
    if (copy.isPreferred) {
      if (preferred) delete copy.isPreferred;
      preferred = true;
    }
    seen.set(key, copy);
  }
  return [...seen.values()];
}

/** The lines whose function needs a fresh analysis (facts, tracked state) for the actions this request may get. */
export function codeActionLines(request: Omit<CodeActionRequest, 'analysisAt'>): number[] {
  const lines = new Set<number>();
  const { params, doc } = request;
  if (wanted(params.context.only, CodeActionKind.QuickFix)) {
    for (const diagnostic of params.context.diagnostics ?? []) {
      const data = diagnosticData(diagnostic);
      if (data && data.version === doc.version && data.fixes.length === 0 && isStateMismatch(data.rule)) lines.add(diagnostic.range.start.line);
    }
  }
  if (wanted(params.context.only, CodeActionKind.RefactorRewrite) && legacyNear(doc.text, params.range.start.line)) lines.add(params.range.start.line);
  if (explicitly(params.context.only, FIX_ALL_KIND)) {
    for (const diagnostic of request.documentDiagnostics ?? []) {
      const data = diagnosticData(diagnostic);
      if (data && data.fixes.length === 0 && isStateMismatch(data.rule)) lines.add(diagnostic.range.start.line);
    }
  }
  return [...lines];
}

/** Only legacy barriers have refactorings: a line without one needs no analysis at all. */
function legacyNear(text: string, line: number): boolean {
  return text.split(/\r\n|\r|\n/).slice(Math.max(0, line - 1), line + 2).some((l) => l.includes('RESOURCE_BARRIER'));
}

function wanted(only: readonly string[] | undefined, kind: string): boolean {
  return !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
}

function lineEnding(text: string): string {
  return /\r\n/.test(text) ? '\r\n' : '\n';
}

function actionsFor(request: CodeActionRequest, diagnostic: Diagnostic, lines: () => string[]): CodeAction[] {
  const { doc } = request;
  const data = diagnosticData(diagnostic);
  if (!data) return [];
  const docs: CodeAction = {
    title: `Open the documentation of ${data.rule}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    command: { title: `Open the documentation of ${data.rule}`, command: OPEN_RULE_DOCS, arguments: [data.rule] },
  };
  // A diagnostic of another version (kept after a failed or not yet finished analysis, or from the workspace lint)
  // gets no edit at all: its fixes and its range were computed for other text (they would land on the wrong code).
  if (data.version !== doc.version) return [docs];
  const own: CodeAction[] = data.fixes.map((fix, index) => ({
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    isPreferred: index === 0,
    edit: {
      changes: { [doc.uri]: fix.edits.map((e): TextEdit => ({ range: toLspRange(e.range), newText: e.newText })) },
    },
  }));
  const analysis = own.length === 0 && isStateMismatch(data.rule) ? request.analysisAt(diagnostic.range.start.line) : undefined;
  const tracked = analysis
    ? trackedValueActions({ uri: doc.uri, text: doc.text, diagnostic, rule: data.rule, resource: data.resource, analysis })
    : [];
  const merge = data.rule === 'mergeable-barrier-calls' ? mergeCallsAction(doc, diagnostic) : undefined;
  const actions = [...own, ...tracked, ...(merge ? [merge] : [])];
  const edit = disableRuleEdit({
    lines: lines(),
    line: diagnostic.range.start.line,
    rule: data.rule,
    eol: lineEnding(doc.text),
  });
  if (edit) {
    const start = { line: edit.line, character: edit.character };
    actions.push({
      title: `Disable ${data.rule} for this line`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      edit: {
        changes: {
          [doc.uri]: [{ range: { start, end: { ...start, character: edit.character + edit.length } }, newText: edit.newText }],
        },
      },
    });
  }
  actions.push(docs);
  return actions;
}

const isStateMismatch = (rule: string): boolean => /^(layout|access)-before-mismatch$|^legacy-state-mismatch$/.test(rule);

export function codeActions(request: CodeActionRequest): CodeAction[] {
  const { doc, params } = request;
  let lineCache: string[] | undefined;
  const lines = (): string[] => (lineCache ??= splitLines(doc.text));
  const actions: CodeAction[] = [];
  if (wanted(params.context.only, CodeActionKind.QuickFix)) {
    for (const diagnostic of params.context.diagnostics ?? []) actions.push(...actionsFor(request, diagnostic, lines));
  }
  const line = params.range.start.line;
  const facts = wanted(params.context.only, CodeActionKind.RefactorRewrite) && legacyNear(doc.text, line) ? request.analysisAt(line)?.facts : undefined;
  if (facts) {
    actions.push(...legacyRewriteActions({ uri: doc.uri, text: doc.text, facts, range: params.range, unknownListIsEnhanced: request.unknownListIsEnhanced }));
  }
  if (explicitly(params.context.only, FIX_ALL_KIND)) {
    const all = fixAll(request, lines);
    if (all) actions.push(all);
  }
  const unique = distinct(actions);
  return request.versionedEdits ? unique.map((a) => versioned(a, doc)) : unique;
}

const before = (a: { line: number; character: number }, b: { line: number; character: number }): boolean =>
  a.line < b.line || (a.line === b.line && a.character < b.character);

/** The preferred fix of every diagnostic of the document, as one edit; fixes whose edits would overlap are left out. */
function fixAll(request: CodeActionRequest, lines: () => string[]): CodeAction | undefined {
  const edits: TextEdit[] = [];
  const fixed: Diagnostic[] = [];
  for (const diagnostic of request.documentDiagnostics ?? []) {
    const preferred = actionsFor(request, diagnostic, lines).find((a) => a.isPreferred && a.edit?.changes);
    const mine = preferred?.edit?.changes?.[request.doc.uri] ?? [];
    if (mine.length === 0) continue;
    const overlaps = mine.some((e) => edits.some((o) => !before(e.range.end, o.range.start) && !before(o.range.end, e.range.start) && !sameEdit(e, o)));
    if (overlaps) continue;
    for (const e of mine) if (!edits.some((o) => sameEdit(e, o))) edits.push(e);
    fixed.push(diagnostic);
  }
  if (edits.length === 0) return undefined;
  return {
    title: `Fix ${fixed.length} barrierlint problem${fixed.length === 1 ? '' : 's'} with their safe fixes`,
    kind: FIX_ALL_KIND,
    diagnostics: fixed,
    edit: { changes: { [request.doc.uri]: edits } },
  };
}

const sameEdit = (a: TextEdit, b: TextEdit): boolean =>
  a.newText === b.newText && a.range.start.line === b.range.start.line && a.range.start.character === b.range.start.character &&
  a.range.end.line === b.range.end.line && a.range.end.character === b.range.end.character;

/**
 * Runs a server command; unknown commands and bad arguments are ignored (returning null), never thrown. A client
 * without `window/showDocument` (Neovim 0.7) gets the documentation address as a message instead.
 */
export async function executeServerCommand(connection: Connection, params: ExecuteCommandParams, client: { showDocument: boolean }): Promise<unknown> {
  if (params.command === OPEN_RULE_DOCS) {
    const rule = params.arguments?.[0];
    if (typeof rule !== 'string' || !/^[a-z0-9-]+$/.test(rule)) return null;
    // The .vsix bundles the rule documentation beside the server (build-client.ts): opened offline, in the editor.
    const bundled = path.join(__dirname, 'docs', 'rules', `${rule}.md`);
    if (client.showDocument && existsSync(bundled)) {
      const shown = await connection.window.showDocument({ uri: pathToFileURL(bundled).toString(), takeFocus: true });
      if (shown.success) return true;
    }
    const uri = ruleDocsUrl(rule);
    if (!client.showDocument) {
      // NOTE: a notification, not showInformationMessage (a window/showMessageRequest): Neovim 0.7 answers that
      // request with a blocking "Request Actions" prompt even when it offers no action.
      await connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: `barrierlint: documentation of ${rule}: ${uri}` });
      return false;
    }
    const shown = await connection.window.showDocument({ uri, external: true });
    return shown.success;
  }
  return null;
}
