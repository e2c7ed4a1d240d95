// Suppression comments through finalizeFindings (the code analyze() runs for both the CLI and the language
// server): line, next-line and block forms, rule ids and message names, reasons, and unused-suppression.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanComments } from '../../server/src/report/comments';
import { finalizeFindings } from '../../server/src/report/finalize';
import { ruleMetas } from '../../server/src/report/rule-registry';
import { DEFAULT_CONFIG, type Finding, type ReportedFinding } from '../../server/src/types';

const URI = 'file:///src/a.cpp';

/** A finding of rule `unused-suppression`'s sibling: any rule id works for suppression matching. */
function findingAt(line: number, rule = 'layout-before-mismatch', messageId: string | null = 'INCOMPATIBLE_BARRIER_LAYOUT'): ReportedFinding {
  return {
    rule, messageId, messageNumber: messageId ? 1334 : null, category: messageId ? 'STATE_SETTING' : null,
    severity: 'error', messageKey: `${rule} at ${line}`, data: {}, uri: URI,
    range: { startLine: line, startColumn: 2, endLine: line, endColumn: 10 }, related: [], fixes: [],
  };
}

function run(lines: string[], findings: ReportedFinding[], rules: Record<string, 'off' | 'info' | 'warning' | 'error'> = {}): Finding[] {
  return finalizeFindings({ text: lines.join('\n'), uri: URI, findings, config: { ...DEFAULT_CONFIG, rules }, complete: true });
}

const summary = (fs: Finding[]): string[] => fs.map((f) => `${f.range.startLine}:${f.rule}`);

void describe('suppression comments', () => {
  void it('disable-line by rule id and by message name; several ids; a reason after --', () => {
    const lines = [
      'a(); // barrierlint-disable-line layout-before-mismatch',
      'b(); // barrierlint-disable-line INCOMPATIBLE_BARRIER_LAYOUT -- driver bug 123',
      'c(); /* barrierlint-disable-line zero-count, layout-before-mismatch */',
      'd();',
    ];
    const out = run(lines, [findingAt(0), findingAt(1), findingAt(2), findingAt(3)]);
    // zero-count suppressed nothing and is not a registered rule: reported as unknown.
    assert.deepEqual(summary(out), ['3:layout-before-mismatch', '2:unused-suppression']);
    assert.match(out[1].message, /Unknown rule 'zero-count'/);
    assert.deepEqual(out[1].range, { startLine: 2, startColumn: 33, endLine: 2, endColumn: 43 });
  });

  void it('disable-next-line covers only the next line', () => {
    const lines = ['// barrierlint-disable-next-line layout-before-mismatch -- reason', 'a();', 'b();'];
    assert.deepEqual(summary(run(lines, [findingAt(1), findingAt(2)])), ['2:layout-before-mismatch']);
  });

  void it('disable/enable blocks, per id and for every rule; an unterminated block runs to the end', () => {
    const lines = [
      '// barrierlint-disable layout-before-mismatch', 'a();', '// barrierlint-enable layout-before-mismatch', 'b();',
      '/* barrierlint-disable */', 'c();', '// barrierlint-enable', 'd();', '// barrierlint-disable', 'e();',
    ];
    const out = run(lines, [findingAt(1), findingAt(3), findingAt(5), findingAt(7), findingAt(9)]);
    assert.deepEqual(summary(out), ['3:layout-before-mismatch', '7:layout-before-mismatch']);
  });

  void it('unused suppressions are reported with a removal fix; the unused-suppression level applies', () => {
    const lines = ['a();  // barrierlint-disable-line unused-suppression', 'b(); // barrierlint-disable-line layout-before-mismatch'];
    const out = run(lines, [findingAt(1)]);
    assert.deepEqual(summary(out), ['0:unused-suppression']);
    assert.equal(out[0].severity, 'warning');
    assert.match(out[0].message, /Unused suppression: 'unused-suppression' reported nothing on this line/);
    assert.deepEqual(out[0].fixes[0].edits, [{ range: { startLine: 0, startColumn: 4, endLine: 0, endColumn: 52 }, newText: '' }]);
    assert.deepEqual(summary(run(lines, [findingAt(1)], { 'unused-suppression': 'off' })), []);
    assert.equal(run(lines, [findingAt(1)], { 'unused-suppression': 'error' })[0].severity, 'error');
  });

  void it('a suppression of a rule that is off is unused; rule levels apply by id or message name, last entry wins', () => {
    const lines = ['a(); // barrierlint-disable-line layout-before-mismatch', 'b();'];
    assert.deepEqual(summary(run(lines, [findingAt(0), findingAt(1)], { 'layout-before-mismatch': 'off' })), ['0:unused-suppression']);
    const levelled = run(['a();'], [findingAt(0)], { 'layout-before-mismatch': 'off', INCOMPATIBLE_BARRIER_LAYOUT: 'info' });
    assert.equal(levelled[0].severity, 'info');
  });

  void it('an incomplete analysis reports no unused suppressions', () => {
    const text = 'a(); // barrierlint-disable-line layout-before-mismatch';
    const out = finalizeFindings({ text, uri: URI, findings: [], config: DEFAULT_CONFIG, complete: false });
    assert.deepEqual(out, []);
  });

  void it('directives inside string literals, raw strings and char literals are not comments', () => {
    const text = [
      'const char* s = "// barrierlint-disable-line layout-before-mismatch";',
      'auto r = R"x(/* barrierlint-disable */)x"; char c = \'"\'; int n = 1\'000;',
      'a(); // real',
    ].join('\n');
    assert.deepEqual(scanComments(text).map((c) => c.body), [' real']);
    assert.deepEqual(summary(run(text.split('\n'), [findingAt(0), findingAt(1)])), ['0:layout-before-mismatch', '1:layout-before-mismatch']);
  });

  void it('a suppression naming a rule of another platform is not reported as unused', () => {
    const xboxOnly = ruleMetas().find((m) => m.platforms && !m.platforms.includes('pc'));
    assert.ok(xboxOnly, 'the registry has a rule that does not run on pc');
    const text = `a(); // barrierlint-disable-line ${xboxOnly.id}`;
    const lint = (platform: 'pc' | 'xbox-series' | 'xbox-one'): Finding[] =>
      finalizeFindings({ text, uri: URI, findings: [], config: { ...DEFAULT_CONFIG, platform }, complete: true });
    assert.deepEqual(lint('pc'), []);
    const other = xboxOnly.platforms?.[0] ?? 'xbox-series';
    assert.deepEqual(summary(lint(other)), ['0:unused-suppression']);
  });
});
