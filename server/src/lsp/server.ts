// The language server: wires LSP requests to the document store, the scheduler and analyze(). Started by
// `barrierlint --stdio` (stdin/stdout), by the VS Code extension (`--node-ipc`), or in-process by tests that pass
// their own connection. Nothing here writes to stdout: in stdio mode it is the JSON-RPC channel.
import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  LSPErrorCodes,
  ResponseError,
  FileChangeType,
  LogMessageNotification,
  MessageType,
  ShowMessageNotification,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { DocumentStore } from '../parse/document-store';
import { TOOL_NAME, toolVersion } from '../report/output-model';
import { AnalysisHost } from './analysis-host';
import { withCosts } from '../report/site-cost';
import type { AnalysisResult } from '../analyze';
import { codeActionLines, codeActions, currentDiagnostics, executeServerCommand, FIX_ALL_KIND, OPEN_RULE_DOCS } from './code-actions';
import { DocumentAnalysis, stamped } from './document-analysis';
import { timelineText, type Timeline, type timelineLenses } from './editor-views';
import { hoverAt } from './hover';
import { inlayHints } from './inlay-hints';
import { AnalysisScheduler } from './scheduler';
import { TypingCalm } from './typing-calm';
import { ProjectConfig } from './project-config';
import { clientPulls } from './pull-diagnostics';
import { createServerConnection } from './stdio-connection';
import { normalizeSettings, pullSettings, type ServerSettings } from './settings';
import { LINT_WORKSPACE, lintFile, lintWorkspace } from './workspace-lint';
import { WorkspaceSummaries } from './workspace-summaries';

/** The timeline of the resource at a position: arguments [uri, {line, character}]; returns a Timeline or null. */
export const TIMELINE = 'barrierlint.timeline';
/**
 * What the timeline code lenses run. The VS Code client shows it in a quick pick (its own command); any other
 * client that sends it here gets the timeline as a message too.
 */
export const SHOW_TIMELINE = 'barrierlint.showTimeline';

/** Commands the server executes (the VS Code client registers them from the initialize result). */
export const SERVER_COMMANDS = [OPEN_RULE_DOCS, LINT_WORKSPACE, TIMELINE] as const;

/** Debounce between the last keystroke and the analysis; small because analysis of one file is fast. */
export const DEBOUNCE_MS = 10;
/**
 * Pause in typing after which a document analysed function by function is brought up to date: the callers of the
 * functions edited since are analysed again (caller-recheck.ts), or the whole file when that cannot stand for it.
 */
export const WHOLE_FILE_AFTER_MS = 1500;

export function startServer(connection: Connection = createServerConnection()): Connection {
  const store = new DocumentStore();
  let settings: ServerSettings = normalizeSettings(undefined);
  let pullConfiguration = false;
  let registerConfiguration = false;
  let inlayRefresh = false;
  let versionedEdits = false;
  let showDocument = false;
  let workspaceFolders: string[] = [];
  let folderEvents = false;
  /** Files "Lint workspace" published diagnostics for: closing one in the editor shows its lint results again. */
  const linted = new Set<string>();

  // Messages to the client never throw or reject, even once the connection is gone (a late timer after exit).
  const notify = (method: typeof ShowMessageNotification.type | typeof LogMessageNotification.type, type: MessageType, message: string): void => {
    connection.sendNotification(method, { type, message }).catch(() => undefined);
  };
  const warn = (message: string): void => notify(ShowMessageNotification.type, MessageType.Warning, message);
  const logError = (message: string): void => notify(LogMessageNotification.type, MessageType.Error, message);
  const logWarning = (message: string): void => notify(LogMessageNotification.type, MessageType.Warning, message);
  const logInfo = (message: string): void => notify(LogMessageNotification.type, MessageType.Info, message);
  const project = new ProjectConfig(settings, warn);
  const openDocuments = () => store.all().map((d) => ({ type: 'open' as const, uri: d.uri, languageId: d.languageId, version: d.version, text: d.text }));
  const host = new AnalysisHost(openDocuments, (message) => logError(`barrierlint: the analysis worker stopped (${message}); restarted it`));
  const summaries = new WorkspaceSummaries(host);
  const typing = new TypingCalm((uri) => {
    analysis.republish(uri, store.get(uri)?.version).catch((e) => logError(`barrierlint: publishing: ${describe(e)}`));
  });
  const analysis = new DocumentAnalysis(connection, host, (uri) => project.forUri(uri), (uri, d) => typing.filter(uri, d));
  const scheduler = new AnalysisScheduler({
    delayMs: DEBOUNCE_MS,
    currentVersion: (uri) => store.get(uri)?.version,
    run: async (run) => {
      const doc = store.get(run.uri);
      if (!doc) return;
      const scope = await analysis.run(doc, run, (r) => scheduler.isCurrent(r));
      // A function-only analysis is exact for that function; its callers are re-checked once typing pauses.
      if (scope === 'function' && scheduler.isCurrent(run)) scheduler.schedule(run.uri, WHOLE_FILE_AFTER_MS, 'callers');
    },
    onError: (uri, error) => logError(`barrierlint: analysis of ${uri} failed: ${describe(error)}`),
    onCancelRunning: (uri) => analysis.supersede(uri),
  });
  // Several documents' pulled diagnostics changing together make one request to pull again.
  let refreshTimer: NodeJS.Timeout | undefined;
  const refreshPulls = (): void => {
    if (refreshTimer) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = undefined;
      connection.languages.diagnostics.refresh().catch(() => undefined);
    }, 20);
  };
  const reanalyzeAll = (): void => store.all().forEach((doc) => scheduler.schedule(doc.uri, 0, 'file'));

  const refreshSettings = async (pushed?: unknown): Promise<void> => {
    const previous = settings;
    if (pullConfiguration) {
      // Multi-root: each folder's own `barrierlint.*` applies to the documents under it (settings.ts).
      const scoped = await pullSettings(connection, workspaceFolders);
      settings = scoped.settings;
      project.reset(settings, scoped.folders);
    } else {
      settings = normalizeSettings((pushed as { barrierlint?: unknown } | undefined)?.barrierlint);
      project.reset(settings);
    }
    reanalyzeAll();
    if (inlayRefresh && previous.inlayHints.enabled !== settings.inlayHints.enabled) {
      await connection.languages.inlayHint.refresh();
    }
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const caps = params.capabilities;
    pullConfiguration = !!caps.workspace?.configuration;
    registerConfiguration = !!caps.workspace?.didChangeConfiguration?.dynamicRegistration;
    inlayRefresh = !!caps.workspace?.inlayHint?.refreshSupport;
    versionedEdits = !!caps.workspace?.workspaceEdit?.documentChanges;
    showDocument = !!caps.window?.showDocument?.support;
    folderEvents = !!caps.workspace?.workspaceFolders;
    workspaceFolders = (params.workspaceFolders ?? []).map((f) => f.uri);
    if (workspaceFolders.length === 0 && params.rootUri) workspaceFolders = [params.rootUri];
    settings = normalizeSettings((params.initializationOptions as { settings?: unknown } | null)?.settings);
    project.reset(settings);
    const pull = clientPulls(caps);
    if (pull) analysis.usePull(refreshPulls);
    return {
      capabilities: {
        // Diagnostics are pulled by clients that can (LSP 3.17), pushed to the others (pull-diagnostics.ts).
        ...(pull ? { diagnosticProvider: { identifier: 'barrierlint', interFileDependencies: true, workspaceDiagnostics: true } } : {}),
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite, FIX_ALL_KIND] },
        executeCommandProvider: { commands: [...SERVER_COMMANDS] },
        inlayHintProvider: true,
        codeLensProvider: { resolveProvider: false },
        // Folders added to the workspace later are indexed (and their settings read) too.
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: TOOL_NAME, version: toolVersion() },
    };
  });

  /** Helper functions of the files that are not open, in the background; open files are re-checked after. */
  const indexWorkspace = (): void => {
    summaries.indexFolders({ folders: workspaceFolders, project, isOpen: (uri) => !!store.get(uri) })
      .then((s) => {
        const limit = s.truncated ? ' (stopped at the limit)' : '';
        logInfo(`barrierlint: read the helper functions of ${s.files} workspace files in ${s.elapsedMs} ms${limit}`);
        if (s.files > 0) reanalyzeAll();
      })
      .catch((e) => logError(`barrierlint: workspace indexing: ${describe(e)}`));
  };

  // NOTE: Neovim 0.7 answers workspace/configuration from its `settings` table but does not declare the capability
  // (nor send didChangeConfiguration): ask once anyway, and keep the initializationOptions settings unless the
  // client answers with a non-empty barrierlint section.
  const probeConfiguration = (): void => {
    connection.workspace.getConfiguration([{ section: 'barrierlint' }])
      .then((answer: unknown) => {
        const [section] = Array.isArray(answer) ? (answer as unknown[]) : [];
        if (!section || typeof section !== 'object' || Object.keys(section).length === 0) return;
        settings = normalizeSettings(section);
        project.reset(settings);
        reanalyzeAll();
      })
      .catch(() => undefined);
  };

  connection.onInitialized(() => {
    if (pullConfiguration && registerConfiguration) {
      connection.client.register(DidChangeConfigurationNotification.type, { section: 'barrierlint' })
        .catch((e) => logError(`barrierlint: registration: ${describe(e)}`));
    }
    if (pullConfiguration) refreshSettings().catch((e) => logError(`barrierlint: settings: ${describe(e)}`));
    else probeConfiguration();
    indexWorkspace();
    if (folderEvents) {
      connection.workspace.onDidChangeWorkspaceFolders(({ added, removed }) => {
        const gone = new Set(removed.map((f) => f.uri));
        workspaceFolders = [...workspaceFolders.filter((f) => !gone.has(f)), ...added.map((f) => f.uri).filter((f) => !workspaceFolders.includes(f))];
        if (pullConfiguration) refreshSettings().catch((e) => logError(`barrierlint: settings: ${describe(e)}`));
        indexWorkspace();
      });
    }
  });
  connection.onDidChangeConfiguration((params) => {
    refreshSettings(params.settings).catch((e) => logError(`barrierlint: settings: ${describe(e)}`));
  });

  connection.onDidChangeWatchedFiles(({ changes }) => {
    const sources: Promise<unknown>[] = [];
    for (const change of changes) {
      if (/\/barrierlint\.jsonc?$/.test(change.uri)) project.reset();
      else if (store.get(change.uri)) continue;
      else if (change.type === FileChangeType.Deleted) summaries.remove(change.uri);
      else sources.push(summaries.indexFiles([change.uri]));
    }
    Promise.all(sources).then(reanalyzeAll, (e) => logError(`barrierlint: re-reading changed files: ${describe(e)}`));
  });

  // The line of the cursor (hover and code action requests carry it; a client asks for code actions at every cursor
  // move): the worker readies the first keystroke of the function there while idle. Sent when it changed.
  const cursors = new Map<string, number>();
  const cursorAt = (uri: string, line: number): void => {
    if (!store.get(uri) || cursors.get(uri) === line) return;
    cursors.set(uri, line);
    host.post({ type: 'cursor', uri, line });
  };

  connection.onDidOpenTextDocument(({ textDocument: td }) => {
    store.open(td.uri, td.languageId, td.version, td.text);
    host.post({ type: 'open', uri: td.uri, languageId: td.languageId, version: td.version, text: td.text });
    scheduler.schedule(td.uri, 0);
  });
  connection.onDidChangeTextDocument(({ textDocument: td, contentChanges }) => {
    const outcome = store.change(td.uri, td.version, contentChanges);
    if (outcome !== 'applied') {
      logWarning(`barrierlint: ignored change to ${td.uri} (${outcome})`);
      return;
    }
    analysis.supersede(td.uri);
    host.post({ type: 'change', uri: td.uri, version: td.version, changes: contentChanges });
    if (project.settingsFor(td.uri).run === 'onType') {
      typing.changed(td.uri, contentChanges);
      scheduler.schedule(td.uri);
    }
  });
  connection.onDidSaveTextDocument(({ textDocument: td }) => {
    if (!store.get(td.uri)) return;
    typing.pause(td.uri);
    // Saving brings the whole file's analysis (and the helpers it gives other files) up to date.
    scheduler.schedule(td.uri, 0, 'file');
  });
  connection.onDidCloseTextDocument(({ textDocument: td }) => {
    scheduler.cancel(td.uri);
    typing.forget(td.uri);
    cursors.delete(td.uri);
    if (store.close(td.uri)) {
      host.post({ type: 'close', uri: td.uri });
      const relint = (): Promise<unknown> => (linted.has(td.uri) ? lintFile({ connection, project, host, linted }, td.uri) : Promise.resolve());
      analysis.forget(td.uri).then(relint).catch((e) => logError(`barrierlint: linting ${td.uri}: ${describe(e)}`));
    }
  });

  // Requests wait for the worker's analysis of the current version; a cancelled request stops waiting at once.
  connection.onHover(async ({ textDocument, position }, token) => {
    cursorAt(textDocument.uri, position.line);
    const doc = store.get(textDocument.uri);
    const entry = doc && (await analysis.current(doc, token));
    if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
    // With an Xbox Series platform each barrier site also shows its cost (report/site-cost.ts).
    return entry?.sites ? hoverAt(withCosts(entry.sites, entry.platform), position) : null;
  });
  connection.languages.diagnostics.on(async ({ textDocument, previousResultId }, token) => {
    const doc = store.get(textDocument.uri);
    if (!doc) return { kind: 'full', items: [] };
    const report = await analysis.pullReport(doc, previousResultId, token);
    if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
    // A newer edit superseded this version: the client pulls again at once (it has the newer version).
    if (!report) throw new ResponseError(LSPErrorCodes.ServerCancelled, 'superseded by a newer version', { retriggerRequest: true });
    return report;
  });
  connection.languages.diagnostics.onWorkspace(({ previousResultIds }) => {
    const previous = new Map(previousResultIds.map((p) => [p.uri, p.value]));
    return { items: analysis.workspaceReports(previous) };
  });
  connection.onCodeAction(async (asked, token) => {
    cursorAt(asked.textDocument.uri, asked.range.start.line);
    const doc = store.get(asked.textDocument.uri);
    if (!doc) return [];
    const version = doc.version;
    const needed = new Map<number, AnalysisResult | undefined>();
    // The actions that need a fresh analysis name their lines first; the analyses then run in the worker.
    const latest = await analysis.current(doc, token);
    const documentDiagnostics = latest && latest.version === version ? latest.diagnostics.map((d) => stamped(d, version)) : undefined;
    // The client may show an older version's diagnostics that this version still has (an unchanged result is not published again).
    const params = { ...asked, context: { ...asked.context, diagnostics: currentDiagnostics(asked.context.diagnostics, documentDiagnostics, version) } };
    const lines = codeActionLines({ doc, params, documentDiagnostics });
    for (const line of lines) needed.set(line, await analysis.analysisAt(doc, line, token));
    if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
    if (store.get(doc.uri)?.version !== version) return [];
    const unknownListIsEnhanced = project.settingsFor(doc.uri).fixes.rewriteUnknownListTypes;
    return codeActions({ doc, params, analysisAt: (line) => needed.get(line), versionedEdits, unknownListIsEnhanced, documentDiagnostics });
  });
  const timelineOf = async (args: unknown[] | undefined): Promise<Timeline | null> => {
    const [uri, position] = args ?? [];
    const doc = typeof uri === 'string' ? store.get(uri) : undefined;
    const p = position as { line?: unknown; character?: unknown } | undefined;
    if (!doc || typeof p?.line !== 'number' || typeof p.character !== 'number') return null;
    return (await analysis.ask<Timeline | null>(doc, { type: 'timeline', position: { line: p.line, character: p.character } })) ?? null;
  };
  connection.onExecuteCommand(async (params) => {
    if (params.command === TIMELINE) return timelineOf(params.arguments);
    if (params.command === SHOW_TIMELINE) {
      const timeline = await timelineOf(params.arguments);
      const text = timeline ? timelineText(timeline) : 'barrierlint: no tracked resource at the cursor';
      notify(ShowMessageNotification.type, MessageType.Info, text);
      return timeline;
    }
    if (params.command !== LINT_WORKSPACE) return executeServerCommand(connection, params, { showDocument });
    const isOpen = (uri: string): boolean => !!store.get(uri);
    return lintWorkspace({ connection, folders: workspaceFolders, isOpen, project, host, linted });
  });
  connection.languages.inlayHint.on(async ({ textDocument, range }, token) => {
    const doc = store.get(textDocument.uri);
    if (!doc || !project.settingsFor(doc.uri).inlayHints.enabled) return [];
    const sites = (await analysis.current(doc, token))?.sites;
    return sites ? inlayHints(sites, range) : [];
  });

  connection.onCodeLens(async ({ textDocument }, token) => {
    const doc = store.get(textDocument.uri);
    if (!doc) return [];
    const lenses = (await analysis.ask<ReturnType<typeof timelineLenses>>(doc, { type: 'timelineLenses' }, token)) ?? [];
    return lenses.map((l) => ({
      range: { start: { line: l.line, character: l.character }, end: { line: l.line, character: l.character } },
      command: {
        title: `barrierlint: timeline of ${l.resource} (${l.count} barrier${l.count === 1 ? '' : 's'})`,
        command: SHOW_TIMELINE,
        arguments: [doc.uri, { line: l.line, character: l.character }],
      },
    }));
  });

  connection.onShutdown(async () => {
    clearTimeout(refreshTimer);
    scheduler.dispose();
    typing.dispose();
    await host.dispose();
  });
  connection.listen();
  return connection;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
