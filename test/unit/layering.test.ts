// The lint keeps imports pointing inward (scripts/layers.mjs, DEVELOPERS.md "Layout"): a reversed import, an
// import of tree-sitter outside parse/ and extract/, or of the LSP packages outside lsp/ fails `npm run lint`, and
// so does an import circle (import-x/no-cycle), also one inside a layer that the layer rules cannot see.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '..', '..', '..');

// Without type information (the layering rule needs none), so each case lints in milliseconds.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [{
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  }],
});

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  assert.equal(result.messages.filter((m) => m.fatal).length, 0, JSON.stringify(result.messages));
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const CASES: { file: string; code: string; fails: boolean }[] = [
  { file: 'server/src/report/reversed.ts', code: "import type { AnalysisResult } from '../analyze';\nexport type X = AnalysisResult;\n", fails: true },
  { file: 'server/src/lsp/reversed.ts', code: "import { collectFiles } from '../cli/files';\nexport const x = collectFiles;\n", fails: true },
  { file: 'server/src/track/reversed.ts', code: "import { rules } from '../rules/index';\nexport const x = rules;\n", fails: true },
  { file: 'server/src/rules/support/reversed.ts', code: "import { renderText } from '../../report/text';\nexport const x = renderText;\n", fails: true },
  { file: 'server/src/model/reversed.ts', code: "import type { FileFacts } from '../extract/facts';\nexport type X = FileFacts;\n", fails: true },
  { file: 'server/src/model/reversed.ts', code: "import * as fs from 'node:fs';\nexport const x = fs;\n", fails: true },
  { file: 'server/src/extract/reversed.ts', code: "import { runTracker } from '../track/run';\nexport const x = runTracker;\n", fails: true },
  { file: 'server/src/rules/reversed.ts', code: "import Parser from 'tree-sitter';\nexport const x = Parser;\n", fails: true },
  { file: 'server/src/report/reversed.ts', code: "import type { Diagnostic } from 'vscode-languageserver';\nexport type X = Diagnostic;\n", fails: true },
  // Inward imports pass.
  { file: 'server/src/report/inward.ts', code: "import type { Finding } from '../types';\nimport type { Rule } from '../rules/define-rule';\nexport type X = [Finding, Rule];\n", fails: false },
  { file: 'server/src/report/lsp-diagnostics.ts', code: "import type { Diagnostic } from 'vscode-languageserver';\nexport type X = Diagnostic;\n", fails: false },
  { file: 'server/src/lsp/inward.ts', code: "import { analyze } from '../analyze';\nimport type { Connection } from 'vscode-languageserver';\nexport type X = [typeof analyze, Connection];\n", fails: false },
  { file: 'server/src/extract/inward.ts', code: "import type { Tree } from '../parse/parser';\nimport Cpp from 'tree-sitter-cpp';\nexport type X = [Tree, typeof Cpp];\n", fails: false },
];

describe('imports point inward (lint)', () => {
  for (const c of CASES) {
    it(`${c.fails ? 'rejects' : 'accepts'} ${c.code.split('\n')[0]} in ${c.file}`, async () => {
      const messages = await restrictedImports(c.file, c.code);
      assert.equal(messages.length > 0, c.fails, messages.join('\n'));
    });
  }

  it('the root files: the rule runner may not import analyze.ts, analyze.ts may not import the CLI', async () => {
    assert.match((await restrictedImports('server/src/run-rules.ts', "import { analyze } from './analyze';\nexport const x = analyze;\n")).join(), /inward/);
    assert.match((await restrictedImports('server/src/analyze.ts', "import { x } from './cli/main';\nexport const y = x;\n")).join(), /inward/);
  });
});

// The circle cases lint a real file's text with one import added; no-cycle follows the other files' imports on disk.
async function cycleMessages(file: string, added: string): Promise<string[]> {
  const code = `${added}\n${fs.readFileSync(path.join(ROOT, file), 'utf8')}`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  assert.equal(result.messages.filter((m) => m.fatal).length, 0, JSON.stringify(result.messages));
  return result.messages.filter((m) => m.ruleId === 'import-x/no-cycle').map((m) => m.message);
}

describe('no import circles (lint)', () => {
  it('rejects a two-file circle inside a layer (extract/node.ts ↔ extract/extract.ts)', async () => {
    const messages = await cycleMessages('server/src/extract/node.ts', "import { extractFacts } from './extract';\nexport const circle = extractFacts;");
    assert.match(messages.join('\n'), /Dependency cycle/);
  });

  it('rejects a longer circle (model/enums.ts → analyze.ts → … → model/enums.ts)', async () => {
    const messages = await cycleMessages('server/src/model/enums.ts', "import { analyze } from '../analyze';\nexport const circle = analyze;");
    assert.match(messages.join('\n'), /Dependency cycle via/);
  });

  it('accepts the files as they are, and a type-only import back (it vanishes at run time)', async () => {
    assert.deepEqual(await cycleMessages('server/src/extract/node.ts', ''), []);
    assert.deepEqual(await cycleMessages('server/src/extract/node.ts', "import type { FileFacts } from './facts';\nexport type T = FileFacts;"), []);
  });
});
