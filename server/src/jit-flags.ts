// V8 compiler settings for barrierlint's own processes (the command line, the language server), set before the
// analysis code is loaded.
//
// NOTE (issue 12): per-thread CPU of the command line (/proc/self/task/*/stat) showed V8's background threads
// spending as much CPU as the analysis itself — 2.0 s beside 2.7 s on the main thread for a 40,000-line file, 1.7 s
// beside 1.4 s for bgfx's renderer_d3d12.cpp — nearly all of it optimizing compiles of the extractor's and
// tracker's large functions with everything they call inlined into them (single compiles of 100–340 ms). Without
// inlining, and with functions tiered up to the optimizing compiler later, the background CPU drops to 0.4–0.8 s
// while the main thread's time stays within a few percent. The analysis does the same work either way (compiler
// settings never change what the code computes); only how much CPU the process burns compiling it changes.
import * as v8 from 'node:v8';

/** The flags, as on a node command line. */
export const JIT_FLAGS = ['--no-turbo-inlining', '--interrupt-budget=150000'] as const;

/** Set to `0` to keep V8's defaults (to measure them against these settings). */
export const JIT_FLAGS_ENV = 'BARRIERLINT_JIT_FLAGS';

let applied = false;

/** Apply JIT_FLAGS to this process (once; its worker threads share them). Call before loading the analysis. */
export function tuneJit(): void {
  if (applied || process.env[JIT_FLAGS_ENV] === '0') return;
  applied = true;
  for (const flag of JIT_FLAGS) v8.setFlagsFromString(flag);
}
