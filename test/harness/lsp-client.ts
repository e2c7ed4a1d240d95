// A small LSP client for tests: talks JSON-RPC to the server either in-process (a pair of streams, the server's
// real connection code on the other end) or to a child process (`barrierlint --stdio`). It records published
// diagnostics and custom notifications, and answers the server's requests the way a simple editor would.
import { join } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import {
  createConnection,
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type InitializeParams,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver/node';
import { startServer } from '../../server/src/lsp/server';

/** The annotated fixture the editor tests open (language server, Neovim, VS Code). */
export const EDITOR_FIXTURE = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'editor', 'frame.cpp');

export interface TestClientOptions {
  /** Value returned for `workspace/configuration` (section barrierlint); undefined: no pull capability. */
  settings?: Record<string, unknown>;
  capabilities?: InitializeParams['capabilities'];
  workspaceFolders?: { uri: string; name: string }[];
}

export class TestClient {
  readonly published: PublishDiagnosticsParams[] = [];
  readonly notifications: { method: string; params: unknown }[] = [];
  readonly shownDocuments: unknown[] = [];
  /** Analyses whose diagnostics the server did not publish, as they equalled those shown (recorded in `published`). */
  unchanged = 0;
  settings: Record<string, unknown> | undefined;
  /** A folder's own `barrierlint` section (multi-root), answered for configuration items scoped to it. */
  readonly folderSettings = new Map<string, Record<string, unknown>>();
  private waiters: (() => void)[] = [];

  constructor(readonly connection: ProtocolConnection, private readonly options: TestClientOptions = {}) {
    this.settings = options.settings;
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.published.push(params);
      this.wake();
    });
    connection.onNotification('barrierlint/analyzed', (params: { uri: string; version: number }) => {
      this.notifications.push({ method: 'barrierlint/analyzed', params });
      // The server does not publish diagnostics equal to those shown (document-analysis.ts): the editor keeps showing
      // them, now for this version. Recorded as such, so a test waits for a version's diagnostics either way.
      const last = this.published.filter((p) => p.uri === params.uri).at(-1);
      if (last && last.version !== params.version) {
        this.published.push({ uri: params.uri, version: params.version, diagnostics: last.diagnostics });
        this.unchanged++;
      }
      this.wake();
    });
    connection.onNotification('window/showMessage', (params: unknown) => {
      this.notifications.push({ method: 'window/showMessage', params });
      this.wake();
    });
    connection.onRequest('workspace/configuration', ({ items }: { items: { scopeUri?: string }[] }) =>
      items.map((item) => (item.scopeUri && this.folderSettings.get(item.scopeUri)) || (this.settings ?? {})));
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('workspace/inlayHint/refresh', () => null);
    connection.onRequest('window/showDocument', (params: unknown) => {
      this.shownDocuments.push(params);
      return { success: true };
    });
    connection.listen();
  }

  async initialize(): Promise<void> {
    const pull = this.options.settings !== undefined;
    await this.connection.sendRequest('initialize', {
      processId: null,
      rootUri: null,
      workspaceFolders: this.options.workspaceFolders ?? null,
      capabilities: this.options.capabilities ?? {
        workspace: { configuration: pull, workspaceFolders: true, inlayHint: { refreshSupport: true } },
        window: { showDocument: { support: true } },
        textDocument: { publishDiagnostics: { versionSupport: true, relatedInformation: true } },
      },
    } satisfies InitializeParams);
    await this.connection.sendNotification('initialized', {});
  }

  async open(uri: string, text: string, version = 1, languageId = 'cpp'): Promise<void> {
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  async change(uri: string, version: number, contentChanges: unknown[]): Promise<void> {
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** Resolves with the first publication for `uri` that satisfies `accept`. */
  async diagnostics(
    uri: string,
    accept: (p: PublishDiagnosticsParams) => boolean = () => true,
    // NOTE: generous: a fresh server starts its analysis worker (tree-sitter, queries) before the first result.
    timeoutMs = 20_000,
  ): Promise<Diagnostic[]> {
    const found = await this.waitFor(() => this.published.find((p) => p.uri === uri && accept(p)), timeoutMs);
    return found.diagnostics;
  }

  /** Polls `probe` whenever a message arrives (and every 50 ms) until it returns a value. */
  async waitFor<T>(probe: () => T | undefined, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  dispose(): void {
    this.connection.dispose();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w());
  }
}

export interface InProcessPair {
  client: TestClient;
  /** Raw stream into the server, for tests that send malformed bytes. */
  toServer: Writable;
  fromServer: Readable;
  /** Shuts the server down (its timers stop) and closes both ends. */
  dispose(): Promise<void>;
}

/** Starts the real server in this process, connected to a TestClient over two in-memory streams. */
export function startInProcess(options: TestClientOptions = {}): InProcessPair {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const serverConnection = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(fromServer));
  startServer(serverConnection);
  const client = new TestClient(
    createProtocolConnection(new StreamMessageReader(fromServer), new StreamMessageWriter(toServer)),
    options,
  );
  return {
    client,
    toServer,
    fromServer,
    dispose: async () => {
      await client.connection.sendRequest('shutdown').catch(() => undefined);
      client.dispose();
      serverConnection.dispose();
    },
  };
}
