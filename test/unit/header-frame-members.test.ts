// Which header makes a .cpp's pending members frame members (extract/header-frame-members.ts headerFrameMembers):
// pure data, no syntax — the include's path relative to the .cpp, else its tail in one file only; one body of the
// class with the member among its private fields; no third file defining methods of the class.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { headerFrameMembers, type FrameClassFile, type FrameHeaderQuery } from '../../server/src/extract/header-frame-members';

const METHOD = { startLine: 9, startColumn: 0, endLine: 20, endColumn: 1 };
const CPP = 'file:///w/src/passes/Glow.cpp';
const query = (includes: string[]): FrameHeaderQuery => ({ pending: [{ name: 'm_glow', method: METHOD, cls: 'Glow' }], includes });
const header = (uri: string, fields = ['m_glow'], cls = 'Glow'): FrameClassFile => ({ uri, frameClasses: [{ cls, fields }], methodClasses: [cls] });
const names = (files: FrameClassFile[], includes = ['../include/Glow.h']): string[] => headerFrameMembers(CPP, query(includes), files).map((m) => m.name);

void describe('header-frame-members', () => {
  void it('finds the header by the path relative to the .cpp, whatever its own inline methods', () => {
    assert.deepEqual(names([header('file:///w/src/include/Glow.h'), { uri: CPP, methodClasses: ['Glow'] }]), ['m_glow']);
  });

  void it('finds it by the path\'s tail when one file of the run ends so, and by none when two do', () => {
    assert.deepEqual(names([header('file:///w/inc/Glow.h')], ['Glow.h']), ['m_glow']);
    assert.deepEqual(names([header('file:///w/a/Glow.h'), header('file:///w/b/Glow.h')], ['Glow.h']), []);
  });

  void it('is silent when the header does not list the member, defines the class twice, or is not included', () => {
    assert.deepEqual(names([header('file:///w/src/include/Glow.h', [])]), []);
    const twice: FrameClassFile = { uri: 'file:///w/src/include/Glow.h', frameClasses: [{ cls: 'Glow', fields: ['m_glow'] }, { cls: 'Glow', fields: [] }] };
    assert.deepEqual(names([twice]), []);
    assert.deepEqual(names([header('file:///w/src/include/Glow.h')], ['Other.h']), []);
  });

  void it('is silent when a third file defines methods of a class of that name', () => {
    assert.deepEqual(names([header('file:///w/src/include/Glow.h'), { uri: 'file:///w/src/passes/GlowResize.cpp', methodClasses: ['fx::Glow'] }]), []);
  });
});
