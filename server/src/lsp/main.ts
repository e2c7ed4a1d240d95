// Entry point of the language server process: `node main.js --stdio` or `--node-ipc` (the transport is read from
// the command line by vscode-languageserver). The VS Code extension bundles this file; `barrierlint --stdio`
// reaches the same startServer() through the CLI.
import { startServer } from './server';

startServer();
