// A real VS Code (code-server 4.100.3 = VS Code 1.100) with the extension installed from dist/barrierlint.vsix,
// driven by headless Chromium: open the editor fixture, see the barrier error in the Problems panel, hover the
// barrier, apply the "Disable ... for this line" quick fix and see the problem go away; then, in a second file,
// the whole-barrier "Match the tracked state" fix, the resource timeline, typing noise held back until a pause,
// and an edit made while a 6,000-line file is still being analysed getting its own diagnostics. Diagnostics are
// pulled (LSP 3.17), as VS Code does. Screenshots go to test-artifacts/. Run with `npm run test:e2e` (it packages
// the .vsix first); skipped by `npm test`.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, ensureCodeServer, ROOT, startCodeServer, type RunningCodeServer } from './code-server';
import { typingFile } from '../bench/bench-lsp-typing';

const skip = process.env.BARRIERLINT_E2E === '1' ? false : 'VS Code e2e: run with npm run test:e2e';
const VSIX = join(ROOT, 'dist', 'barrierlint.vsix');
const ARTIFACTS = join(ROOT, 'test-artifacts');
const RULE = 'sync-none-access-mismatch';
/** Two barriers of one texture; the second one's whole before-side is wrong (layout, access and sync). */
const PASSES = `void Pass(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex)
{
    CD3DX12_TEXTURE_BARRIER a(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_RENDER_TARGET,
        D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_RENDER_TARGET, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP ga(1, &a);
    cl->Barrier(1, &ga);
    CD3DX12_TEXTURE_BARRIER b(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
        D3D12_BARRIER_LAYOUT_COPY_SOURCE, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP gb(1, &b);
    cl->Barrier(1, &gb);
}
`;

async function editorText(page: Page): Promise<string> {
  // Monaco renders spaces as no-break spaces.
  return (await page.locator('.monaco-editor .view-lines').innerText()).replace(/\u00a0/g, ' ');
}

async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  await page.waitForSelector('.quick-input-widget', { state: 'visible' });
  await page.keyboard.type(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: name }).waitFor({ timeout: 30_000 });
}

async function goTo(page: Page, where: string): Promise<void> {
  // A just-opened large file may not take the first Go to Line (the widget stays open with the typed text): close it
  // and ask again, a few times, before failing.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+G');
    await page.waitForSelector('.quick-input-widget', { state: 'visible' });
    await page.keyboard.type(where);
    await page.keyboard.press('Enter');
    // Keys pressed while the widget is still closing go to it, not to the editor (End and Enter were lost that way).
    try {
      await page.waitForSelector('.quick-input-widget', { state: 'hidden', timeout: 10_000 });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await page.keyboard.press('Escape');
      await page.waitForSelector('.quick-input-widget', { state: 'hidden' });
      await page.waitForTimeout(1_000);
    }
  }
}

async function problemsText(page: Page): Promise<string> {
  return (await page.locator('.markers-panel').innerText().catch(() => '')) ?? '';
}

async function waitForProblems(page: Page, accept: (text: string) => boolean, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let text = '';
  while (Date.now() < deadline) {
    text = await problemsText(page);
    if (accept(text)) return text;
    await page.waitForTimeout(500);
  }
  throw new Error(`Problems panel never matched; last text:\n${text}`);
}

describe('VS Code (code-server + headless Chromium)', { skip, timeout: 15 * 60_000 }, () => {
  let workspace: string;
  let server: RunningCodeServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    ensureCodeServer();
    workspace = mkdtempSync(join(tmpdir(), 'barrierlint-e2e-ws-'));
    cpSync(join(ROOT, 'test', 'fixtures', 'editor', 'frame.cpp'), join(workspace, 'frame.cpp'));
    writeFileSync(join(workspace, 'passes.cpp'), PASSES);
    writeFileSync(join(workspace, 'big.cpp'), typingFile(6000));
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startCodeServer({
      vsix: VSIX,
      folder: workspace,
      userSettings: {
        'security.workspace.trust.enabled': false,
        'workbench.startupEditor': 'none',
        'editor.hover.delay': 100,
        'files.autoSave': 'off',
      },
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`);
    await page.waitForSelector('.monaco-workbench', { timeout: 90_000 });
    await page.waitForTimeout(2000);
    await page.keyboard.press('Control+P');
    await page.waitForSelector('.quick-input-widget', { state: 'visible' });
    await page.keyboard.type('frame.cpp');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'frame.cpp' }).first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 30_000 });
  });

  after(async () => {
    await page?.screenshot({ path: join(ARTIFACTS, 'vscode-e2e-final.png') }).catch(() => undefined);
    await browser?.close();
    await server?.stop();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  it('shows the barrier error in the Problems panel, with rule id and position', async () => {
    await page.keyboard.press('Control+Shift+M');
    const text = await waitForProblems(page, (t) => t.includes('INCOMPATIBLE_BARRIER_VALUES'));
    await page.screenshot({ path: join(ARTIFACTS, 'vscode-e2e-problems.png') });
    assert.match(text, /SyncBefore bits D3D12_BARRIER_SYNC_NONE are incompatible with AccessBefore bits D3D12_BARRIER_ACCESS_COMMON/);
    assert.match(text, new RegExp(`barrierlint\\s+${RULE}`));
    assert.match(text, /\[Ln 11, Col 21\]/);
    const status = await page.locator('.statusbar').innerText();
    assert.match(status, /barrierlint: pc · [\d.]+ ms/);
  });

  it('hovers the barrier with its fields resolved', async () => {
    await page.keyboard.press('Control+G');
    await page.keyboard.type('10:20');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const hover = page.locator('.monaco-hover:visible').first();
    await hover.waitFor({ timeout: 20_000 });
    const text = await hover.innerText();
    await page.screenshot({ path: join(ARTIFACTS, 'vscode-e2e-hover.png') });
    assert.match(text, /texture-barrier/);
    assert.match(text, /D3D12_BARRIER_SYNC_NONE \(0x0\)/);
    await page.keyboard.press('Escape');
  });

  it('applies the "Disable ... for this line" quick fix and the problem disappears', async () => {
    await page.keyboard.press('Control+G');
    await page.keyboard.type('11:22');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+.');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(ARTIFACTS, 'vscode-e2e-quickfix.png') });
    await page.getByText(`Disable ${RULE} for this line`, { exact: true }).first().waitFor({ timeout: 20_000 });
    // The widget keeps a pointer-blocking overlay: choose with the keyboard, the preferred first entry.
    const focused = page.locator('.monaco-list-row.focused').filter({ hasText: `Disable ${RULE} for this line` });
    assert.equal(await focused.count(), 1, 'the disable-line fix is the focused entry');
    await page.keyboard.press('Enter');
    await waitForProblems(page, (t) => !t.includes('INCOMPATIBLE_BARRIER_VALUES'));
    // Monaco renders spaces as no-break spaces.
    const lines = (await page.locator('.monaco-editor .view-lines').innerText()).replace(/\u00a0/g, ' ');
    assert.match(lines, new RegExp(`barrierlint-disable-line ${RULE}`));
  });

  it('applies the "Rewrite as an enhanced barrier" refactoring to the legacy transition', async () => {
    const title = 'Rewrite as an enhanced texture barrier (Barrier + CD3DX12_TEXTURE_BARRIER)';
    await page.keyboard.press('Control+G');
    await page.keyboard.type('22:30');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+.');
    await page.getByText(title, { exact: true }).first().waitFor({ timeout: 20_000 });
    const focused = page.locator('.monaco-list-row.focused').filter({ hasText: title });
    for (let i = 0; i < 10 && (await focused.count()) === 0; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await focused.count(), 1, 'the rewrite entry could be selected');
    await page.screenshot({ path: join(ARTIFACTS, 'vscode-e2e-rewrite.png') });
    await page.keyboard.press('Enter');
    const deadline = Date.now() + 20_000;
    let lines = '';
    while (Date.now() < deadline && !lines.includes('cl->Barrier(1, &backBufferBarrierGroup);')) {
      await page.waitForTimeout(300);
      lines = (await page.locator('.monaco-editor .view-lines').innerText()).replace(/\u00a0/g, ' ');
    }
    assert.match(lines, /const CD3DX12_TEXTURE_BARRIER backBufferBarrier\(/);
    assert.match(lines, /cl->Barrier\(1, &backBufferBarrierGroup\);/);
    await page.waitForTimeout(1000);
    assert.match(await problemsText(page), /No problems have been detected/);
  });
  it('applies the whole-barrier "Match the tracked state" fix: Sync, Access and Layout before together', async () => {
    await openFile(page, 'passes.cpp');
    await waitForProblems(page, (t) => t.includes('INCOMPATIBLE_BARRIER_LAYOUT'));
    const title = 'Match the tracked state (LayoutBefore D3D12_BARRIER_LAYOUT_RENDER_TARGET, AccessBefore D3D12_BARRIER_ACCESS_RENDER_TARGET, SyncBefore D3D12_BARRIER_SYNC_ALL)';
    await goTo(page, '10:10');
    await page.keyboard.press('Control+.');
    await page.getByText(title, { exact: true }).first().waitFor({ timeout: 20_000 });
    const focused = page.locator('.monaco-list-row.focused').filter({ hasText: title });
    for (let i = 0; i < 10 && (await focused.count()) === 0; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await focused.count(), 1, 'the whole-barrier fix could be selected');
    await page.screenshot({ path: join(ARTIFACTS, 'vscode-e2e-whole-fix.png') });
    await page.keyboard.press('Enter');
    await waitForProblems(page, (t) => /No problems have been detected/.test(t));
    const lines = await editorText(page);
    assert.match(lines, /CD3DX12_TEXTURE_BARRIER b\(D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_RENDER_TARGET,/);
    assert.match(lines, /D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex/);
    await page.screenshot({ path: join(ARTIFACTS, 'vscode-e2e-whole-fix-applied.png') });
  });

  it('shows the timeline of the resource under the cursor', async () => {
    await goTo(page, '3:10');
    await page.keyboard.press('Control+Shift+P');
    await page.waitForSelector('.quick-input-widget', { state: 'visible' });
    await page.keyboard.type('barrierlint: Show the timeline');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Show the timeline of the resource under the cursor' }).first().waitFor({ timeout: 20_000 });
    await page.keyboard.press('Enter');
    const rows = page.locator('.quick-input-list .monaco-list-row', { hasText: 'line 7' });
    await rows.first().waitFor({ timeout: 20_000 });
    const text = await page.locator('.quick-input-widget').innerText();
    await page.screenshot({ path: join(ARTIFACTS, 'vscode-e2e-timeline.png') });
    // Both barriers of tex, in order, with the tracked state before → after (the second one fixed above).
    assert.match(text, /line 3\s+[^\n]*→[^\n]*RENDER_TARGET/);
    assert.match(text, /line 7\s+[^\n]*RENDER_TARGET[^\n]*→[^\n]*SHADER_RESOURCE/);
    await page.keyboard.press('Escape');
  });

  it('holds typing noise on the line being typed until a pause, then shows it', async () => {
    await goTo(page, '10:100');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('b.LayoutAfter = D3D12_BARRIER_LAYOUT_SHAD', { delay: 60 });
    // While typing: the half enumerator and the unfinished statement are held back.
    const typing = await problemsText(page);
    await page.screenshot({ path: join(ARTIFACTS, 'vscode-e2e-typing-calm.png') });
    assert.match(typing, /No problems have been detected/);
    // After the pause (1 s) the held finding is shown.
    const paused = await waitForProblems(page, (t) => t.includes('unknown-enumerator'), 30_000);
    await page.screenshot({ path: join(ARTIFACTS, 'vscode-e2e-typing-paused.png') });
    assert.match(paused, /D3D12_BARRIER_LAYOUT_SHAD/);
    await page.keyboard.type('ER_RESOURCE;', { delay: 30 });
    await waitForProblems(page, (t) => /No problems have been detected/.test(t), 30_000);
  });

  it('an edit made while a 6,000-line file is analysed gets its own diagnostics', async () => {
    await openFile(page, 'big.cpp');
    // Type at once, while the analysis of the opened version may still run: a barrier call with a null array, as a
    // new statement after Pass1's `cl->Barrier(1, &group);` (line 33).
    await goTo(page, '33:5');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('cl->Barrier(1, nullptr);', { delay: 20 });
    // The cursor ends on the new line 34 (Monaco's DOM lines are not in document order, so ask the status bar).
    assert.match(await page.locator('.statusbar').innerText(), /Ln 34, Col \d+/, 'the call was typed on a line of its own');
    const text = await waitForProblems(page, (t) => t.includes('pBarrierGroups is NULL but NumBarrierGroups is 1'), 120_000);
    await page.screenshot({ path: join(ARTIFACTS, 'vscode-e2e-edit-during-analysis.png') });
    assert.match(text, /big\.cpp/);
    const status = await page.locator('.statusbar').innerText();
    assert.match(status, /barrierlint: pc · [\d.]+ ms/);
  });

  it('a keystroke during the re-check that follows a pause gets its own diagnostics', async () => {
    // The edit above was in Pass1, which RenderFrame calls: 1.5 s after it RenderFrame is re-checked (a reduced
    // document of nearly the whole file, on the server's re-check thread). Type into Pass2 while that runs.
    await page.waitForTimeout(1700);
    await goTo(page, '49:5');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('cl->Barrier(1, nullptr);', { delay: 20 });
    assert.match(await page.locator('.statusbar').innerText(), /Ln 50, Col \d+/, 'the call was typed on a line of its own');
    const text = await waitForProblems(page, (t) => (t.match(/pBarrierGroups is NULL but NumBarrierGroups is 1/g) ?? []).length >= 2, 60_000);
    await page.screenshot({ path: join(ARTIFACTS, 'vscode-e2e-edit-during-recheck.png') });
    assert.match(text, /Ln 50, Col/);
  });
});
