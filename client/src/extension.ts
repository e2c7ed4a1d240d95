// The VS Code extension: a thin LanguageClient that starts the bundled barrierlint server over Node IPC for C and
// C++ files, a status item and a language status item for the active editor (platform, last analysis time,
// skipped files), an output channel, and the resource timeline (a quick pick of every barrier of the resource
// under the cursor through its function). Server commands (barrierlint.lintWorkspace, barrierlint.openRuleDocs,
// barrierlint.timeline) are registered by the LanguageClient from the server's executeCommandProvider, so they are
// not registered here.
import * as vscode from 'vscode';
import {
  ExecuteCommandRequest,
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';

interface AnalyzedParams {
  uri: string;
  version: number;
  scope: 'file' | 'function' | 'skipped';
  platform: string;
  elapsedMs: number;
  findings: number;
}

interface Timeline {
  resource: string;
  function: string;
  entries: { line: number; character: number; kind: string; before: string; after: string }[];
}

let client: LanguageClient | undefined;

const SELECTOR = [{ language: 'c' }, { language: 'cpp' }];

function statusText(params: AnalyzedParams | undefined): string {
  if (!params) return '$(shield) barrierlint: not analysed yet';
  if (params.scope === 'skipped') return '$(shield) barrierlint: skipped';
  return `$(shield) barrierlint: ${params.platform} · ${params.elapsedMs} ms`;
}

function statusDetail(params: AnalyzedParams | undefined): string {
  if (!params) return 'waiting for the first analysis';
  if (params.scope === 'skipped') return 'not analysed (binary, too large, or ignored by barrierlint.jsonc)';
  const scope = params.scope === 'function' ? 'the edited function' : 'the whole file';
  return `${params.findings} finding(s); last analysis: ${scope} in ${params.elapsedMs} ms`;
}

async function showTimeline(uri?: string, position?: { line: number; character: number }): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const target = uri ?? editor?.document.uri.toString();
  const at = position ?? (editor ? { line: editor.selection.active.line, character: editor.selection.active.character } : undefined);
  if (!client || !target || !at) return;
  const timeline = (await client.sendRequest(ExecuteCommandRequest.type, { command: 'barrierlint.timeline', arguments: [target, at] })) as Timeline | null;
  if (!timeline) {
    void vscode.window.showInformationMessage('barrierlint: no tracked resource at the cursor');
    return;
  }
  const items = timeline.entries.map((e) => ({
    label: `line ${e.line + 1}  ${e.before} → ${e.after}`,
    description: e.kind,
    entry: e,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: `barrierlint: timeline of ${timeline.resource} in ${timeline.function} (${timeline.entries.length} barrier${timeline.entries.length === 1 ? '' : 's'})`,
    placeHolder: 'Go to a barrier',
  });
  if (!picked) return;
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(target));
  const shown = await vscode.window.showTextDocument(doc);
  const p = new vscode.Position(picked.entry.line, picked.entry.character);
  shown.selection = new vscode.Selection(p, p);
  shown.revealRange(new vscode.Range(p, p));
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('barrierlint', { log: true });
  const status = vscode.window.createStatusBarItem('barrierlint.status', vscode.StatusBarAlignment.Right, 100);
  status.name = 'barrierlint';
  status.text = '$(shield) barrierlint';
  status.tooltip = 'barrierlint: platform and time of the last analysis of the active file';
  status.command = 'barrierlint.showOutput';
  const language = vscode.languages.createLanguageStatusItem('barrierlint.language', SELECTOR);
  language.name = 'barrierlint';
  language.text = 'barrierlint';
  language.command = { title: 'Show output', command: 'barrierlint.showOutput' };
  context.subscriptions.push(output, status, language);
  context.subscriptions.push(
    vscode.commands.registerCommand('barrierlint.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('barrierlint.showTimeline', showTimeline),
  );

  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: SELECTOR,
    // Config files re-configure the server; C/C++ files re-read their helper functions (cross-file helpers).
    synchronize: {
      fileEvents: [
        vscode.workspace.createFileSystemWatcher('**/barrierlint.{json,jsonc}'),
        vscode.workspace.createFileSystemWatcher('**/*.{c,cc,cpp,cxx,h,hh,hpp,hxx,inl}'),
      ],
    },
    outputChannel: output,
  };
  client = new LanguageClient('barrierlint', 'barrierlint', serverOptions, clientOptions);
  // The latest analysis of each document: the status items show the active editor's, not the last one analysed.
  const analyzed = new Map<string, AnalyzedParams>();
  const refresh = (): void => {
    const editor = vscode.window.activeTextEditor;
    const id = editor?.document.languageId;
    if (!editor || (id !== 'c' && id !== 'cpp')) {
      status.hide();
      return;
    }
    const params = analyzed.get(editor.document.uri.toString());
    status.text = statusText(params);
    status.tooltip = `barrierlint: ${statusDetail(params)} (${editor.document.uri.fsPath})`;
    status.show();
    language.text = params ? (params.scope === 'skipped' ? 'barrierlint: skipped' : `barrierlint: ${params.platform}`) : 'barrierlint';
    language.detail = statusDetail(params);
    language.severity = params?.scope === 'skipped' ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
  };
  context.subscriptions.push(
    client.onNotification('barrierlint/analyzed', (params: AnalyzedParams) => {
      analyzed.set(vscode.Uri.parse(params.uri).toString(), params);
      refresh();
    }),
    vscode.window.onDidChangeActiveTextEditor(refresh),
    vscode.workspace.onDidCloseTextDocument((doc) => analyzed.delete(doc.uri.toString())),
  );
  refresh();
  await client.start();
  output.info('barrierlint language server started');
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
