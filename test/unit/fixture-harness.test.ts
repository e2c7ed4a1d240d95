// The fixture harness itself: a `note:` line under an annotation asserts a related location (text, and line when
// given), so a finding with the right message but a wrong or missing note fails the fixture.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Finding } from '../../server/src/types';
import { compareFixture, parseExpectations } from '../harness/fixture';

const CODE = [
  '  cl->Barrier(1, &group);',
  '//^ error[INCOMPATIBLE_BARRIER_LAYOUT]: does not match',
  '//   note line 7: entered SHADER_RESOURCE here',
];

function finding(related: { line: number; message: string }[]): Finding {
  return {
    rule: 'layout-before-mismatch', messageId: 'INCOMPATIBLE_BARRIER_LAYOUT', messageNumber: 1334, category: 'STATE_SETTING',
    severity: 'error', messageKey: 'mismatch', data: {}, message: 'D3D12 ERROR: ... does not match ...', uri: 'file:///a.cpp',
    range: { startLine: 0, startColumn: 2, endLine: 0, endColumn: 24 }, fixes: [],
    related: related.map((r) => ({ uri: 'file:///a.cpp', range: { startLine: r.line, startColumn: 0, endLine: r.line, endColumn: 1 }, message: r.message })),
  };
}

void describe('fixture annotations: note lines', () => {
  void it('parse under their annotation without starting a new code line', () => {
    const [e] = parseExpectations(CODE.join('\n'));
    assert.equal(e.line, 0);
    assert.deepEqual(e.notes, [{ text: 'entered SHADER_RESOURCE here', line: 6 }]);
  });

  void it('match a related location by text and line, and fail without it', () => {
    const expectations = parseExpectations(CODE.join('\n'));
    assert.deepEqual(compareFixture(expectations, [finding([{ line: 6, message: "'tex' entered SHADER_RESOURCE here" }])]).missing, []);
    assert.equal(compareFixture(expectations, [finding([{ line: 5, message: "'tex' entered SHADER_RESOURCE here" }])]).missing.length, 1);
    assert.equal(compareFixture(expectations, [finding([])]).missing.length, 1);
  });

  void it('an annotation without notes does not check related locations', () => {
    const [e] = parseExpectations(CODE.slice(0, 2).join('\n'));
    assert.deepEqual(compareFixture([e], [finding([])]).missing, []);
  });
});
