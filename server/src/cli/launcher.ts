#!/usr/bin/env node
// The installed command (out/bin/barrierlint.js, package.json's "bin"): starts the bundled command line
// (out/bin/barrierlint-main.js, scripts/bundle-cli.js) from V8's code cache of it when the build left one beside
// it. Compiling the 2 MB bundle, and then each function it runs, cost about a third of the CPU of linting a small
// file (issue 12); with the cache V8 reads the compiled code instead. The cache is written at build time by a run
// over the examples (BARRIERLINT_WRITE_CODE_CACHE=1), after the run, so it also holds the functions an analysis
// compiles. A cache V8 does not accept (another node version or V8 flags, a rebuilt bundle) is ignored: the bundle
// is then compiled as without it, and runs the same.
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { tuneJit } from '../jit-flags';

const MAIN = path.join(__dirname, 'barrierlint-main.js');
const CACHE = `${MAIN}.cache`;

function readCache(): Buffer | undefined {
  try {
    return fs.readFileSync(CACHE);
  } catch {
    return undefined;
  }
}

function launch(): void {
  // Before the bundle is compiled: the code cache below is written and read under the same flags.
  tuneJit();
  // A '#!' line is only allowed at the very start of a script: turned into a comment of the same length.
  const source = fs.readFileSync(MAIN, 'utf8').replace(/^#!/, '//');
  // The CommonJS wrapper node puts around a module (Module.wrap), so the bundle sees its usual free variables.
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
  const script = new vm.Script(wrapped, { filename: MAIN, cachedData: readCache() });
  const mod = { exports: {} as unknown, id: '.', filename: MAIN, loaded: false };
  const req = createRequire(MAIN);
  // The bundle runs its command when it is the main module (cli/main.ts `require.main === module`).
  (req as { main: unknown }).main = mod;
  if (process.env.BARRIERLINT_WRITE_CODE_CACHE === '1') {
    process.on('exit', () => fs.writeFileSync(CACHE, script.createCachedData()));
  }
  (script.runInThisContext() as (...args: unknown[]) => void).call(mod.exports, mod.exports, req, mod, MAIN, __dirname);
  mod.loaded = true;
}

launch();
