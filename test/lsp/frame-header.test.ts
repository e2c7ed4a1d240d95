// The frame invariant with the class in a header, in the editor (extract/header-frame-members.ts): the header comes
// from the workspace index, so the open .cpp gets the CLI's answer, and typing inside the frame method keeps it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';
import { FIELD_CPP, FIELD_H } from '../harness/frame-header-pair';

describe('frame members of a header\'s class in the editor', () => {
  let dir: string;
  let pair: InProcessPair;
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'barrierlint-frame-header-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'FieldView.h'), FIELD_H);
    writeFileSync(join(dir, 'src', 'FieldView.cpp'), FIELD_CPP);
    pair = startInProcess({ settings: {}, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'ws' }] });
    await pair.client.initialize();
  });
  after(async () => {
    await pair.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports the next call\'s mismatch once the header is indexed, and keeps it while the method is edited', async () => {
    await pair.client.open(uri('src/FieldView.cpp'), FIELD_CPP, 1);
    const diagnostics = await pair.client.diagnostics(uri('src/FieldView.cpp'), (p) => p.diagnostics.some((d) => d.code === 'legacy-state-mismatch'));
    assert.deepEqual(diagnostics.filter((d) => d.severity !== 3 && d.severity !== 4).map((d) => [d.code, d.range.start.line]), [['legacy-state-mismatch', 18]]);
    // A keystroke inside OnRender(): the function path, with the header's members carried.
    const lines = FIELD_CPP.split('\n');
    const line = lines.findIndex((l) => l.includes('Dispatch(16, 16, 1)'));
    const character = lines[line].indexOf('1)');
    await pair.client.change(uri('src/FieldView.cpp'), 2, [{ range: { start: { line, character }, end: { line, character: character + 1 } }, text: '2' }]);
    const again = await pair.client.diagnostics(uri('src/FieldView.cpp'), (p) => p.version === 2);
    assert.deepEqual(again.filter((d) => d.severity !== 3 && d.severity !== 4).map((d) => [d.code, d.range.start.line]), [['legacy-state-mismatch', 18]]);
  });
});
