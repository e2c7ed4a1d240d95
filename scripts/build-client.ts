// Builds the VS Code extension into client/dist: two esbuild bundles (extension host side and language server)
// from the root node_modules, plus the native tree-sitter modules the server loads at run time, copied with only
// the files they need (the N-API prebuilds for every platform, so one .vsix runs everywhere).
// Usage: node out/scripts/build-client.js   (npm run build:client)
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { CONFIG_SCHEMA } from '../server/src/config/config-schema';
import { join, resolve } from 'node:path';
import { foreignPrebuilds } from './prebuild-arch';

const root = resolve(__dirname, '..', '..');
const clientDir = join(root, 'client');
const dist = join(clientDir, 'dist');

/** Native packages the server requires at run time, and the files of each that loading them touches. */
const NATIVE_PACKAGES: Record<string, string[]> = {
  'tree-sitter': ['package.json', 'index.js', 'LICENSE', 'prebuilds'],
  'tree-sitter-cpp': ['package.json', 'bindings/node/index.js', 'LICENSE', 'prebuilds'],
  'node-gyp-build': ['package.json', 'index.js', 'node-gyp-build.js', 'LICENSE'],
};

// NOTE: the analyzer reads nothing from disk at run time; grammar-queries/*.scm are the tests' oracle and are not
// shipped (grammar-queries/README.md).

function copyNativePackages(): void {
  for (const [name, files] of Object.entries(NATIVE_PACKAGES)) {
    const from = join(root, 'node_modules', name);
    const to = join(dist, 'node_modules', name);
    for (const file of files) {
      const source = join(from, file);
      if (!existsSync(source)) throw new Error(`build-client: ${source} is missing (run npm ci)`);
      mkdirSync(join(to, file, '..'), { recursive: true });
      cpSync(source, join(to, file), { recursive: true });
    }
    preferLocalBuild(name);
    const prebuilds = join(to, 'prebuilds');
    if (!existsSync(prebuilds)) continue;
    for (const dir of foreignPrebuilds(prebuilds)) {
      // NOTE: upstream packaging (tree-sitter-cpp's linux-arm64 prebuild is an x86-64 binary): left out, see README.
      console.warn(`build-client: ${name}/prebuilds/${dir} holds a module for another machine; left out of the .vsix`);
      rmSync(join(prebuilds, dir), { recursive: true, force: true });
    }
  }
}

/**
 * A module npm ci compiled from source (build/Release) is the one known to load on this machine: it replaces the
 * upstream prebuild for this platform. NOTE: tree-sitter's upstream linux-x64 prebuild needs GLIBCXX_3.4.31, newer
 * than Debian 12's libstdc++, so on such hosts only the locally built module loads.
 */
function preferLocalBuild(name: string): void {
  const release = join(root, 'node_modules', name, 'build', 'Release');
  if (!existsSync(release)) return;
  const built = readdirSync(release).filter((f) => f.endsWith('.node'));
  const prebuildDir = join(dist, 'node_modules', name, 'prebuilds', `${process.platform}-${process.arch}`);
  if (built.length !== 1 || !existsSync(prebuildDir)) return;
  const [target] = readdirSync(prebuildDir).filter((f) => f.endsWith('.node'));
  if (target) cpSync(join(release, built[0]), join(prebuildDir, target));
}

async function main(): Promise<void> {
  rmSync(dist, { recursive: true, force: true });
  const result = await build({
    entryPoints: {
      extension: join(clientDir, 'src', 'extension.ts'),
      server: join(root, 'server', 'src', 'lsp', 'main.ts'),
      // The server starts its analyses in a worker thread from this file, beside server.js (analysis-host.ts).
      'analysis-worker': join(root, 'server', 'src', 'lsp', 'analysis-worker.ts'),
    },
    outdir: dist,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // NOTE: jsonc-parser's "main" is a UMD build whose dynamic require('./impl/format') esbuild cannot follow;
    // its ESM build (the "module" field) bundles cleanly.
    mainFields: ['module', 'main'],
    minify: true,
    keepNames: true,
    external: ['vscode', ...Object.keys(NATIVE_PACKAGES)],
    logLevel: 'warning',
    metafile: true,
  });
  copyNativePackages();
  // The schema of barrierlint.jsonc (package.json jsonValidation) and the rule documentation, opened offline.
  writeFileSync(join(dist, 'barrierlint.schema.json'), `${JSON.stringify(CONFIG_SCHEMA, null, 2)}\n`);
  const rules = join(root, 'server', 'src', 'rules');
  mkdirSync(join(dist, 'docs', 'rules'), { recursive: true });
  for (const doc of readdirSync(rules).filter((f) => f.endsWith('.md'))) cpSync(join(rules, doc), join(dist, 'docs', 'rules', doc));
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  process.stdout.write(`build-client: bundles ${(bytes / 1024).toFixed(0)} KiB in ${dist}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
