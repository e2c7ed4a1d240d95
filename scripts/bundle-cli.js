#!/usr/bin/env node
// Bundles the command line (and its worker) into out/bin with esbuild, as part of `npm run build`: one file to load
// instead of ~150 modules, which cuts the CLI's start-up CPU by about a third (issue 12). package.json's "bin" is the
// bundle; tests and the language server keep using the tsc output under out/server. The native tree-sitter modules
// stay external (node_modules), and the grammar queries are read from the repository as before.
'use strict';
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const { buildSync } = require('esbuild');

const root = path.join(__dirname, '..');
buildSync({
  // NOTE: every worker-thread entry the bundle starts by `path.join(__dirname, '<name>.js')` must be bundled beside
  // it: the CLI's pool (cli/worker.ts) and the language server's analysis worker (lsp/analysis-worker.ts).
  entryPoints: {
    // The installed command is a small launcher that starts barrierlint-main.js from V8's code cache (cli/launcher.ts).
    barrierlint: path.join(root, 'server/src/cli/launcher.ts'),
    'barrierlint-main': path.join(root, 'server/src/cli/main.ts'),
    worker: path.join(root, 'server/src/cli/worker.ts'),
    'analysis-worker': path.join(root, 'server/src/lsp/analysis-worker.ts'),
  },
  outdir: path.join(root, 'out/bin'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // NOTE: jsonc-parser's "main" is a UMD build whose dynamic require('./impl/format') esbuild cannot follow; its ESM
  // build (the "module" field) bundles cleanly (as in build-client.ts).
  mainFields: ['module', 'main'],
  external: ['tree-sitter', 'tree-sitter-cpp'],
  // The result cache keys on the analysis code it runs: in a bundle, the bundle itself (cli/cache.ts).
  define: { 'process.env.BARRIERLINT_BUNDLE': '"1"' },
  sourcemap: true,
  logLevel: 'warning',
});

// The code cache the launcher reads: written by one run of the command over the examples, after the run, so it
// holds the functions an analysis compiles too (cli/launcher.ts). Without it the command runs the same, only slower.
const cache = path.join(root, 'out/bin/barrierlint-main.js.cache');
fs.rmSync(cache, { force: true });
const run = spawnSync(process.execPath, [path.join(root, 'out/bin/barrierlint.js'), '--format', 'json', '--jobs', '1', '--no-cache', path.join(root, 'examples')], {
  env: { ...process.env, BARRIERLINT_WRITE_CODE_CACHE: '1' }, encoding: 'utf8', maxBuffer: 1 << 28,
});
if (!fs.existsSync(cache)) console.warn(`bundle-cli: no code cache written (${run.status}): ${run.stderr.slice(0, 500)}`);
