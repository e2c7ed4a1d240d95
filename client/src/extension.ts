// The VS Code extension: a thin LanguageClient that starts the bundled barrierlint server over Node IPC for C and
// C++ files, a status item (platform and last analysis time), an output channel, and the workspace lint command.
// Server commands (barrierlint.lintWorkspace, barrierlint.openRuleDocs) are registered by the LanguageClient from
// the server's executeCommandProvider, so they are not registered here.
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';

interface AnalyzedParams {
  uri: string;
  version: number;
  platform: string;
  elapsedMs: number;
  findings: number;
}

let client: LanguageClient | undefined;

function statusText(params: AnalyzedParams): string {
  return `$(shield) barrierlint: ${params.platform} · ${params.elapsedMs} ms`;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('barrierlint', { log: true });
  const status = vscode.window.createStatusBarItem('barrierlint.status', vscode.StatusBarAlignment.Right, 100);
  status.name = 'barrierlint';
  status.text = '$(shield) barrierlint';
  status.tooltip = 'barrierlint: platform and time of the last analysis';
  status.command = 'barrierlint.showOutput';
  context.subscriptions.push(output, status);
  context.subscriptions.push(vscode.commands.registerCommand('barrierlint.showOutput', () => output.show(true)));

  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'c' }, { language: 'cpp' }],
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
  context.subscriptions.push(
    client.onNotification('barrierlint/analyzed', (params: AnalyzedParams) => {
      status.text = statusText(params);
      status.tooltip = `barrierlint: ${params.findings} finding(s) in ${vscode.Uri.parse(params.uri).fsPath}`;
    }),
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      const language = editor?.document.languageId;
      if (language === 'c' || language === 'cpp') status.show();
      else status.hide();
    }),
  );
  status.show();
  await client.start();
  output.info('barrierlint language server started');
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
