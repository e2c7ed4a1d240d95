#!/usr/bin/env node
// `npm start`: lint the bundled examples/ (realistic D3D12 code with a few deliberate mistakes) and print the
// diagnostics. The demo exits 0 when the run completed, whatever it found; `barrierlint` itself keeps the exit
// codes of contracts.md (1 = errors found), so the demo maps 1 to 0 and passes 2 (the run failed) through.
/* NOTE: like main.ts, the CLI is allowed the console: its stdout is the report. */
import * as path from 'node:path';
import { main } from './main';
import type { RunIo } from './run-io';

/** The repository root: this file runs from out/server/src/cli/ (or server/src/cli/ under ts-node). */
function repositoryRoot(): string {
  const up = __dirname.split(path.sep).includes('out') ? '../../../..' : '../../..';
  return path.resolve(__dirname, up);
}

export async function demo(io: RunIo): Promise<number> {
  io.stdout('barrierlint demo: linting examples/ (see examples/README.md for the deliberate mistakes)\n\n');
  const code = await main(['examples'], io);
  return code === 1 ? 0 : code;
}

if (require.main === module) {
  const io: RunIo = {
    cwd: repositoryRoot(),
    stdout: (s) => void process.stdout.write(s),
    stderr: (s) => void process.stderr.write(s),
    color: process.stdout.isTTY === true && !process.env.NO_COLOR,
  };
  demo(io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      io.stderr(`barrierlint demo: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
