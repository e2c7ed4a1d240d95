// Configuration in the editor: the nearest barrierlint.jsonc (as the CLI reads it), editor settings on top,
// changes applied without a restart, invalid files reported once, config `ignore` honoured.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

interface Analyzed {
  uri: string;
  version: number;
  platform: string;
}

describe('language server configuration', () => {
  let dir: string;
  let pair: InProcessPair;
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;
  const analyzed = (): Analyzed[] =>
    pair.client.notifications.filter((n) => n.method === 'barrierlint/analyzed').map((n) => n.params as Analyzed);
  /** Waits until an analysis of `file` after the first `after` ones ran with `platform`. */
  const platformUsed = async (file: string, after: number, platform: string): Promise<void> => {
    await pair.client.waitFor(() => analyzed().slice(after).find((a) => a.uri === uri(file) && a.platform === platform));
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'barrierlint-config-'));
    mkdirSync(join(dir, 'xbox'));
    mkdirSync(join(dir, 'broken'));
    writeFileSync(join(dir, 'barrierlint.jsonc'), '{ "platform": "pc", "ignore": ["generated/**"] }\n');
    writeFileSync(join(dir, 'xbox', 'barrierlint.jsonc'), '// Xbox code\n{ "extends": "../barrierlint.jsonc", "platform": "xbox-series" }\n');
    writeFileSync(join(dir, 'broken', 'barrierlint.jsonc'), '{ "platform": "ps5" }\n');
    pair = startInProcess({ settings: {} });
    await pair.client.initialize();
  });
  after(async () => {
    await pair.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses the nearest barrierlint.jsonc, with extends', async () => {
    const seen = analyzed().length;
    await pair.client.open(uri('xbox/frame.cpp'), 'void F() {}\n');
    await platformUsed('xbox/frame.cpp', seen, 'xbox-series');
  });

  it('lets the editor settings override the platform, without a restart', async () => {
    const seen = analyzed().length;
    pair.client.settings = { platform: 'xbox-one' };
    await pair.client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await platformUsed('xbox/frame.cpp', seen, 'xbox-one');
    const back = analyzed().length;
    pair.client.settings = { platform: 'auto', run: 'nonsense' };
    await pair.client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await platformUsed('xbox/frame.cpp', back, 'xbox-series');
  });

  it('re-reads config files when they change on disk', async () => {
    writeFileSync(join(dir, 'xbox', 'barrierlint.jsonc'), '{ "platform": "xbox-one" }\n');
    const seen = analyzed().length;
    await pair.client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uri('xbox/barrierlint.jsonc'), type: 2 }],
    });
    await platformUsed('xbox/frame.cpp', seen, 'xbox-one');
  });

  it('reports an invalid config file once and analyses with the defaults', async () => {
    const seen = analyzed().length;
    await pair.client.open(uri('broken/a.cpp'), 'void A() {}\n');
    await pair.client.open(uri('broken/b.cpp'), 'void B() {}\n');
    await platformUsed('broken/a.cpp', seen, 'pc');
    await platformUsed('broken/b.cpp', seen, 'pc');
    const warnings = pair.client.notifications.filter((n) => n.method === 'window/showMessage');
    assert.equal(warnings.length, 1);
    assert.match((warnings[0].params as { message: string }).message, /broken.barrierlint\.jsonc/);
  });

  it('publishes nothing for files the configuration ignores', async () => {
    await pair.client.open(uri('generated/blob.cpp'), 'a\u0000b');
    const diagnostics = await pair.client.diagnostics(uri('generated/blob.cpp'));
    assert.deepEqual(diagnostics, []);
  });
});

describe('multi-root workspace: settings per folder', () => {
  let dir: string;
  let pair: InProcessPair;
  const folder = (name: string): string => pathToFileURL(join(dir, name)).href;
  const analyzed = (): Analyzed[] =>
    pair.client.notifications.filter((n) => n.method === 'barrierlint/analyzed').map((n) => n.params as Analyzed);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'barrierlint-roots-'));
    mkdirSync(join(dir, 'pc-engine'));
    mkdirSync(join(dir, 'console'));
    pair = startInProcess({
      settings: { platform: 'auto' },
      workspaceFolders: [{ uri: folder('pc-engine'), name: 'pc-engine' }, { uri: folder('console'), name: 'console' }],
    });
    pair.client.folderSettings.set(folder('console'), { platform: 'xbox-series' });
    await pair.client.initialize();
  });
  after(async () => {
    await pair.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("analyses each folder's documents with that folder's settings", async () => {
    const pc = `${folder('pc-engine')}/a.cpp`;
    const xbox = `${folder('console')}/b.cpp`;
    await pair.client.open(pc, 'void A() {}\n');
    await pair.client.open(xbox, 'void B() {}\n');
    await pair.client.waitFor(() => analyzed().find((a) => a.uri === xbox && a.platform === 'xbox-series'));
    await pair.client.waitFor(() => analyzed().find((a) => a.uri === pc));
    assert.ok(analyzed().filter((a) => a.uri === pc).every((a) => a.platform === 'pc'));
  });
});
