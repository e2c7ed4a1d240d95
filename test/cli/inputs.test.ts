// Which files are linted (walking, extensions, .git/node_modules/.gitignore) and the inputs that make a run
// incomplete: unreadable, binary, UTF-16 and invalid UTF-8 files are reported and the run exits 2, never 0.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CLEAN_CPP, runCli, staleSuppressionCpp, tempTree } from './helpers';

function lintedPaths(root: string, args: string[]): string[] {
  const run = runCli(['--format', 'json', ...args], root);
  assert.notEqual(run.code, 2, run.stderr);
  return (JSON.parse(run.stdout) as { files: { path: string }[] }).files.map((f) => f.path);
}

void describe('input files', () => {
  void it('walks directories for C/C++ sources, skipping .git, node_modules and .gitignore\'d paths', () => {
    const root = tempTree({
      '.gitignore': 'build/\n*.generated.h\n',
      'src/a.cpp': CLEAN_CPP, 'src/b.h': CLEAN_CPP, 'src/c.inl': CLEAN_CPP, 'src/d.hxx': CLEAN_CPP,
      'src/e.c': CLEAN_CPP, 'src/f.cc': CLEAN_CPP, 'src/g.cxx': CLEAN_CPP, 'src/h.hh': CLEAN_CPP, 'src/i.hpp': CLEAN_CPP,
      'src/notes.txt': 'not C++', 'src/x.generated.h': CLEAN_CPP,
      'src/sub/.gitignore': 'local.cpp\n', 'src/sub/local.cpp': CLEAN_CPP, 'src/sub/kept.cpp': CLEAN_CPP,
      'build/out.cpp': CLEAN_CPP, 'node_modules/pkg/n.cpp': CLEAN_CPP, '.git/hooks/g.cpp': CLEAN_CPP,
    });
    assert.deepEqual(lintedPaths(root, []), [
      'src/a.cpp', 'src/b.h', 'src/c.inl', 'src/d.hxx', 'src/e.c', 'src/f.cc', 'src/g.cxx', 'src/h.hh', 'src/i.hpp',
      'src/sub/kept.cpp',
    ]);
    // A subdirectory run still honours the .gitignore above it (up to the repository root).
    assert.deepEqual(lintedPaths(path.join(root, 'src'), ['sub']), ['sub/kept.cpp']);
  });

  void it('explicit files are linted whatever their extension, with the path as given; duplicates once', () => {
    const root = tempTree({ 'src/shader.hlsli': staleSuppressionCpp('x'), 'src/a.cpp': CLEAN_CPP });
    assert.deepEqual(lintedPaths(root, ['./src/shader.hlsli', 'src', 'src/a.cpp']), ['./src/shader.hlsli', 'src/a.cpp']);
  });

  const bad: [string, Buffer, RegExp][] = [
    ['binary', Buffer.from('int x;\0\0\0'), /bad\.cpp: binary file \(NUL byte at offset 6\); not linted/],
    ['UTF-16', Buffer.from('\ufeffint x;', 'utf16le'), /bad\.cpp: UTF-16 encoded file; barrierlint reads UTF-8 source/],
    ['invalid UTF-8', Buffer.from([0x69, 0x6e, 0x74, 0x20, 0xc3, 0x28, 0x3b]), /bad\.cpp: not valid UTF-8 \(first bad byte at offset 4\)/],
  ];
  for (const [name, bytes, message] of bad) {
    void it(`a ${name} file exits 2 and is named; other files are still reported`, () => {
      const root = tempTree({ 'bad.cpp': bytes, 'good.cpp': staleSuppressionCpp('good') });
      const run = runCli(['.'], root);
      assert.equal(run.code, 2);
      assert.match(run.stderr, message);
      assert.match(run.stdout, /good\.cpp:3:/);
    });
  }

  void it('an unreadable path exits 2', () => {
    const root = tempTree({ 'good.cpp': CLEAN_CPP });
    fs.symlinkSync('loop.cpp', path.join(root, 'loop.cpp'));
    const run = runCli(['good.cpp', 'loop.cpp'], root);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /loop\.cpp: cannot access: ELOOP/);
  });

  void it('a UTF-8 BOM is accepted and columns do not count it', () => {
    const root = tempTree({ 'bom.cpp': `\ufeff${staleSuppressionCpp('bom')}` });
    const plain = tempTree({ 'bom.cpp': staleSuppressionCpp('bom') });
    const a = runCli(['bom.cpp'], root);
    assert.equal(a.code, 0, a.stderr);
    assert.equal(a.stdout, runCli(['bom.cpp'], plain).stdout);
  });

  void it('an empty directory lints nothing and exits 0', () => {
    const root = tempTree({ 'empty/.keep': '' });
    const run = runCli(['empty'], root);
    assert.equal(run.code, 0);
    assert.equal(run.stdout, '');
  });
});
