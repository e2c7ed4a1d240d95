// Entry point of the language server process: `node main.js --stdio` or `--node-ipc` (the transport is read from
// the command line by vscode-languageserver). The VS Code extension bundles this file; `barrierlint --stdio`
// reaches the same startServer() through the CLI.
import { tuneJit } from '../jit-flags';
import { startServer } from './server';

// Before anything is analysed (nothing is optimized while modules load).
tuneJit();
startServer();
