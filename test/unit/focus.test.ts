// analyze() extracts only the functions that can matter (extract/focus.ts); its findings, sites and parse-error
// count must equal a complete analysis (`complete: true`), with and without a workspace of other files' helpers. Checked
// over every fixture and example, plus small cases for what the pre-filter must keep: callers of a barrier
// helper, what a kept function calls, functions naming a member declared with a D3D12 type, overloads.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { type AnalysisResult, analyze } from '../../server/src/analyze';
import { chooseBodies } from '../../server/src/extract/focus';
import { NodeDoc } from '../../server/src/extract/node';
import { parseCpp } from '../../server/src/parse/parser';
import { WorkspaceIndex } from '../../server/src/track/workspace';
import type { BarrierlintConfig } from '../../server/src/types';
import { fixtureConfig, sourceFiles } from '../harness/fixture';

const ROOT = path.resolve(__dirname, '../../..');

function answers(r: AnalysisResult): unknown {
  return JSON.parse(JSON.stringify({ findings: r.findings, sites: r.sites, parseErrors: r.parseErrors, complete: r.complete })) as unknown;
}

/** Names of the functions the pre-filter keeps in `text`, or 'all'. */
function kept(text: string): string[] | 'all' {
  const names: string[] = [];
  let all = false;
  new NodeDoc(text).focusedRoot(parseCpp(text), (root, bodies) => {
    const chosen = chooseBodies(root, bodies, text);
    if (!chosen) all = true;
    for (const d of chosen ?? []) names.push(d.fn.childForFieldName('declarator')?.text.replace(/\(.*$/s, '') ?? '?');
    return chosen;
  });
  return all ? 'all' : names.sort();
}

void test('focused analysis equals a full analysis on every fixture and example, with and without a workspace', () => {
  const inputs = [...sourceFiles(path.join(ROOT, 'test/fixtures')), ...sourceFiles(path.join(ROOT, 'examples'))].map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const uri = `file://${file}`;
    const config = fixtureConfig(text) as Partial<BarrierlintConfig> | undefined;
    return { text, uri, config, full: analyze(text, uri, { config, complete: true }) };
  });
  const workspace = new WorkspaceIndex();
  for (const i of inputs) if (i.full.helpers?.length) workspace.set(i.uri, { functions: i.full.helpers });
  for (const { text, uri, config, full } of inputs) {
    const focused = analyze(text, uri, { config });
    assert.deepEqual(answers(focused), answers(full), uri);
    assert.equal(focused.helpers, undefined);
    assert.equal(focused.unresolvedCalls, undefined);
    assert.deepEqual(answers(analyze(text, uri, { config, workspace })), answers(analyze(text, uri, { config, workspace, complete: true })), uri);
  }
  assert.ok(inputs.length > 100);
});

void test('the pre-filter keeps barrier code, its callers and callees, and leaves the rest out', () => {
  const text = `
struct Vec { float x, y; };
static float Dot(const Vec& a, const Vec& b) { return a.x * b.x + a.y * b.y; }
static void Log(const char* s) { (void)s; }
static void Unrelated() { Log("hello"); Dot({}, {}); }
static void Transition(ID3D12GraphicsCommandList* cl, ID3D12Resource* r) { Log("t"); (void)cl; (void)r; }
static void Caller(void* a, void* b) { Transition((ID3D12GraphicsCommandList*)a, (ID3D12Resource*)b); }
static void Outer(void* a, void* b) { Caller(a, b); }
class Renderer {
  void Frame() { Use(m_tex); }
  void Use(void* p) { (void)p; }
  ID3D12Resource* m_tex;
};
static void Local() { struct S { int a; }; S s{}; (void)s; }
`;
  assert.deepEqual(kept(text), ['Caller', 'Frame', 'Local', 'Log', 'Outer', 'Transition', 'Use']);
});

void test('every function is kept when all can matter, and a tree with syntax errors is chosen from too', () => {
  assert.equal(kept('void A(ID3D12Resource* r) { B(); }\nvoid B() {}\n'), 'all');
  const broken = 'void A() { int x = ; }\nvoid B(ID3D12Resource* r) {}\n';
  const focused = analyze(broken, 'file:///broken.cpp');
  assert.deepEqual(answers(focused), answers(analyze(broken, 'file:///broken.cpp', { complete: true })));
  // A function with a syntax error is copied whole (it is no choice): what it calls and who calls it are kept.
  const text = `
static void Log(const char* s) { (void)s; }
static void Unused() { Log("u"); }
static void Setup() { Log("s"); }
static void User() { Frame(); }
void Frame() ) { Setup(); }
`;
  assert.deepEqual(kept(text), ['Log', 'Setup', 'User']);
  // So is a lambda outside functions: what it calls is kept.
  assert.deepEqual(kept('static void Log(int) {}\nstatic int Quiet() { return 1; }\nauto draw = [](int n) { Log(n); };\n'), ['Log']);
});
