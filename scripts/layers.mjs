// The layers of server/src, inner first, as lint rules (eslint.config.mjs): imports point inward. A file may
// import its own layer and the layers listed before it, never one listed after it. tree-sitter is imported only
// by parse/ and extract/; the LSP packages only by lsp/ and report/lsp-diagnostics.ts (its LSP converter);
// model/ imports no package at all. A reversed import fails `npm run lint` (test/unit/layering.test.ts).

/** Inner first. `root`: a file directly under server/src, imported as `./name` from its siblings. */
export const LAYERS = [
  { name: 'types', root: true },
  { name: 'model' },
  { name: 'parse' },
  { name: 'extract' },
  { name: 'track' },
  { name: 'rules' },
  { name: 'run-rules', root: true },
  { name: 'report' },
  { name: 'config' },
  { name: 'files' },
  { name: 'analyze', root: true },
  { name: 'lsp' },
  { name: 'cli' },
];

const TREE_SITTER = { regex: '^tree-sitter(-cpp)?(/|$)', message: 'Only parse/ and extract/ import tree-sitter.' };
const LSP_PACKAGES = {
  regex: '^vscode(-languageserver(-textdocument)?|-languageclient|-jsonrpc)?(/|$)',
  message: 'Only lsp/ and report/lsp-diagnostics.ts import the LSP packages.',
};
const ANY_PACKAGE = { regex: '^[^.]', message: 'model/ is pure D3D12 data: it imports no package.' };

function filesOf(layer) {
  return layer.root ? [`server/src/${layer.name}.ts`] : [`server/src/${layer.name}/**/*.ts`];
}

/** The import specifiers (as written in `layer`'s files) that reach `target`. */
function reaching(layer, target) {
  const up = layer.root ? '\\./' : '(\\.\\./)+';
  return `^${up}${target.name}${target.root ? '(\\.js)?$' : '(/|$)'}`;
}

function restrictions(layer, index, extra) {
  const outer = LAYERS.slice(index + 1).map((target) => ({
    regex: reaching(layer, target),
    message: `${layer.name}${layer.root ? '.ts' : '/'} must not import ${target.name}${target.root ? '.ts' : '/'}: imports point inward (DEVELOPERS.md, Layout).`,
  }));
  return ['error', { patterns: [...outer, ...extra] }];
}

export function layerConfigs() {
  const configs = LAYERS.map((layer, index) => {
    const packages = [];
    if (layer.name === 'model') packages.push(ANY_PACKAGE);
    else if (layer.name !== 'parse' && layer.name !== 'extract') packages.push(TREE_SITTER);
    if (layer.name !== 'lsp') packages.push(LSP_PACKAGES);
    return { files: filesOf(layer), rules: { 'no-restricted-imports': restrictions(layer, index, packages) } };
  });
  const report = LAYERS.findIndex((l) => l.name === 'report');
  configs.push({
    files: ['server/src/report/lsp-diagnostics.ts'],
    rules: { 'no-restricted-imports': restrictions(LAYERS[report], report, [TREE_SITTER]) },
  });
  return configs;
}
