// "Disable <rule> for this line": new comments, merging with existing directives, lines that cannot take one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { disableRuleEdit, type LineEdit } from '../../server/src/lsp/disable-comment';

function applyEdit(lines: string[], edit: LineEdit | null): string[] {
  if (!edit) return lines;
  const text = lines.join('\n');
  let offset = 0;
  for (let i = 0; i < edit.line; i++) offset += lines[i].length + 1;
  offset += edit.character;
  return (text.slice(0, offset) + edit.newText + text.slice(offset + edit.length)).split('\n');
}

const RULE = 'layout-before-mismatch';

describe('disable-line comment edit', () => {
  it('appends a new comment after the code, trimming trailing spaces', () => {
    const lines = ['    cl->Barrier(1, &g);   '];
    assert.deepEqual(applyEdit(lines, disableRuleEdit({ lines, line: 0, rule: RULE })), [
      `    cl->Barrier(1, &g);  // barrierlint-disable-line ${RULE}`,
    ]);
  });

  it('merges with an existing disable-line comment, before its reason', () => {
    const lines = ['cl->Barrier(1, &g); // barrierlint-disable-line INCOMPATIBLE_BARRIER_VALUES -- known'];
    assert.deepEqual(applyEdit(lines, disableRuleEdit({ lines, line: 0, rule: RULE })), [
      `cl->Barrier(1, &g); // barrierlint-disable-line INCOMPATIBLE_BARRIER_VALUES, ${RULE} -- known`,
    ]);
  });

  it('fills an empty directive and does nothing when the rule is already named', () => {
    const empty = ['x(); // barrierlint-disable-line'];
    assert.deepEqual(applyEdit(empty, disableRuleEdit({ lines: empty, line: 0, rule: RULE })), [
      `x(); // barrierlint-disable-line ${RULE}`,
    ]);
    const named = [`x(); // barrierlint-disable-line a, ${RULE}`];
    assert.equal(disableRuleEdit({ lines: named, line: 0, rule: RULE }), null);
  });

  it('merges with a disable-next-line comment on the line above', () => {
    const lines = ['  // barrierlint-disable-next-line other-rule -- why', '  cl->Barrier(1, &g);'];
    assert.deepEqual(applyEdit(lines, disableRuleEdit({ lines, line: 1, rule: RULE })), [
      `  // barrierlint-disable-next-line other-rule, ${RULE} -- why`,
      '  cl->Barrier(1, &g);',
    ]);
  });

  it('puts a disable-next-line comment above a line that already ends in a comment, indented like it', () => {
    const lines = ['\tcl->Barrier(1, &g); // flush "//" here'];
    assert.deepEqual(applyEdit(lines, disableRuleEdit({ lines, line: 0, rule: RULE })), [
      `\t// barrierlint-disable-next-line ${RULE}`,
      '\tcl->Barrier(1, &g); // flush "//" here',
    ]);
  });

  it('does not mistake "//" inside a string for a comment, and refuses macro continuation lines', () => {
    const url = ['Log("http://x"); Barrier();'];
    assert.equal(disableRuleEdit({ lines: url, line: 0, rule: RULE })?.newText, `  // barrierlint-disable-line ${RULE}`);
    const block = ['/* 😀 */ x(); /* a */'];
    assert.equal(disableRuleEdit({ lines: block, line: 0, rule: RULE })?.newText, `  // barrierlint-disable-line ${RULE}`);
    const open = ['x(); /* starts here'];
    assert.equal(disableRuleEdit({ lines: open, line: 0, rule: RULE })?.line, 0);
    assert.equal(disableRuleEdit({ lines: open, line: 0, rule: RULE })?.character, 0);
    const macro = ['#define B(cl) cl->Barrier(1, &g); \\'];
    assert.equal(disableRuleEdit({ lines: macro, line: 0, rule: RULE }), null);
    assert.equal(disableRuleEdit({ lines: macro, line: 5, rule: RULE }), null);
  });
});
