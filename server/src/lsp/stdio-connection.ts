// The language server's connection. Over stdio (`barrierlint --stdio`: Neovim, other editors, the bench) its
// writer builds published diagnostics from their cached JSON (diagnostic-json.ts); over Node IPC (the VS Code
// client) and the other transports vscode-languageserver reads from the command line, it is the library's own.
import { Console } from 'node:console';
import { createConnection, ProposedFeatures, StreamMessageWriter, type Connection, type MessageReader } from 'vscode-languageserver/node';
import { preEncodingEncoder } from './diagnostic-json';

export function createServerConnection(argv: readonly string[] = process.argv): Connection {
  if (!argv.slice(2).includes('--stdio')) return createConnection(ProposedFeatures.all);
  // NOTE: with its own streams the library does not redirect the console as it does for `--stdio`; stdout is the
  // JSON-RPC channel, so anything a dependency logs goes to stderr (which clients show as the server's log).
  Object.assign(console, new Console({ stdout: process.stderr, stderr: process.stderr }));
  const writer = new StreamMessageWriter(process.stdout, { contentTypeEncoder: preEncodingEncoder });
  // NOTE: process.stdin as a stream (the typings want two streams or two endpoints; the library takes each as it
  // comes): it then also ends the process when the client closes stdin, exactly as for `--stdio`.
  const input = process.stdin as unknown as MessageReader;
  return createConnection(ProposedFeatures.all, input, writer);
}
