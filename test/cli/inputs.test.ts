// Which files are linted (walking, extensions, .git/node_modules/.gitignore) and the inputs that make a run
// incomplete: unreadable, binary and broken UTF-16 files are reported and the run exits 2, never 0.
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
    ['binary', Buffer.from('int x;\0\0\x01\0'), /bad\.cpp: binary file \(NUL byte at offset 6\); not linted/],
    ['UTF-16 that is not valid UTF-16', Buffer.concat([Buffer.from('\ufeffint x;', 'utf16le'), Buffer.from([0x41])]), /bad\.cpp: UTF-16 byte-order mark but not valid UTF-16 text; not linted/],
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

  void it('a file with a UTF-16 byte-order mark (little- or big-endian) is read as UTF-16 with a note, positions as in its UTF-8 copy', () => {
    // Visual Studio saves some files as UTF-16: refusing them made the whole run incomplete (exit 2).
    const text = `\ufeff${staleSuppressionCpp('u16').replace('  cl->Close();', '  /*\u00e9*/cl->Close();')}`;
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    const root = tempTree({ 'le.cpp': le, 'be.cpp': be, 'utf8.cpp': Buffer.from(text.slice(1), 'utf8'), 'barrierlint.json': '{ "rules": { "unused-suppression": "error" } }' });
    const run = runCli(['--format', 'json', 'le.cpp', 'be.cpp', 'utf8.cpp'], root);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /note: le\.cpp: UTF-16 \(little-endian\) with a byte-order mark; read as such/);
    assert.match(run.stderr, /note: be\.cpp: UTF-16 \(big-endian\) with a byte-order mark; read as such/);
    const files = (JSON.parse(run.stdout) as { files: { path: string; diagnostics: { line: number; column: number }[] }[] }).files;
    const at = (name: string) => files.find((f) => f.path === name)!.diagnostics.map((d) => [d.line, d.column]);
    assert.ok(at('utf8.cpp').length > 0);
    assert.deepEqual(at('le.cpp'), at('utf8.cpp'));
    assert.deepEqual(at('be.cpp'), at('utf8.cpp'));
  });

  void it('a file that is not UTF-8 is read as Windows-1252 with a note, positions in UTF-16 units of the decoded text', () => {
    // Windows-1252 curly quotes on line 1; on line 3 `/*\xe9*/` (5 UTF-16 units) before the stale suppression.
    const rest = staleSuppressionCpp('cp').split('\n').slice(1).join('\n').replace('  cl->Close();', '  /*\xe9*/cl->Close();');
    const bytes = Buffer.concat([Buffer.from('// \x93quoted\x94 caf\xe9\n', 'latin1'), Buffer.from(rest, 'latin1')]);
    const root = tempTree({ 'cp1252.cpp': bytes, 'barrierlint.json': '{ "rules": { "unused-suppression": "error" } }' });
    const run = runCli(['--format', 'json', 'cp1252.cpp'], root);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /note: cp1252\.cpp: not valid UTF-8 \(first bad byte at offset 3\); read as Windows-1252/);
    const diagnostics = (JSON.parse(run.stdout) as { files: { diagnostics: { line: number; column: number }[] }[] }).files[0].diagnostics;
    assert.deepEqual(diagnostics.map((d) => [d.line, d.column]), [[3, 49]]);
  });

  void it('a Shift-JIS, CP949 or GBK file is decoded as such: a comment ending in a character whose second byte is 0x5C splices nothing', () => {
    // `// アップロード可能` in Shift-JIS ends in 0x94 0x5C: read as Windows-1252 that is a backslash at the end of the
    // comment, which spliced the next argument line into it (the initial state read from `nullptr`: a false warning).
    const sjisComment = Buffer.from([0x2f, 0x2f, 0x83, 0x41, 0x83, 0x62, 0x83, 0x76, 0x83, 0x8d, 0x81, 0x5b, 0x83, 0x68, 0x89, 0xc2, 0x94, 0x5c]);
    // `// 上传堆` in GBK: 0xB6 0xD1 (堆) ends the comment, `// 中文注释` starts with 0xD6 0xD0.
    const gbkComment = Buffer.from([0x2f, 0x2f, 0xc9, 0xcf, 0xb4, 0xab, 0xb6, 0xd1, 0x20, 0xd6, 0xd0, 0xce, 0xc4, 0xd7, 0xa2, 0xca, 0xcd]);
    // `// 업로드 힙 버퍼를 만든다` in CP949 (Korean MSVC files): it decodes whole as GBK too, as ideographs.
    const cp949Comment = Buffer.from([47, 47, 32, 190, 247, 183, 206, 181, 229, 32, 200, 252, 32, 185, 246, 198, 219, 184, 166, 32, 184, 184, 181, 231, 180, 217]);
    const source = (comment: Buffer) => Buffer.concat([
      Buffer.from('#include <d3d12.h>\n#include "d3dx12.h"\nvoid Make(ID3D12Device* device, ID3D12Resource** out)\n{\n'
        + '    CD3DX12_HEAP_PROPERTIES heap(D3D12_HEAP_TYPE_UPLOAD);\n    auto desc = CD3DX12_RESOURCE_DESC::Buffer(256);\n'
        + '    device->CreateCommittedResource(&heap, '),
      comment,
      Buffer.from('\n        D3D12_HEAP_FLAG_NONE,\n        &desc, D3D12_RESOURCE_STATE_GENERIC_READ,\n        nullptr, IID_PPV_ARGS(out));\n}\n'),
    ]);
    const root = tempTree({ 'sjis.cpp': source(sjisComment), 'gbk.cpp': source(gbkComment), 'kr.cpp': source(cp949Comment) });
    const run = runCli(['--format', 'json', 'sjis.cpp', 'gbk.cpp', 'kr.cpp'], root);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stderr, /note: sjis\.cpp: not valid UTF-8 \(first bad byte at offset \d+\); read as Shift-JIS/);
    assert.match(run.stderr, /note: gbk\.cpp: not valid UTF-8 \(first bad byte at offset \d+\); read as GBK/);
    assert.match(run.stderr, /note: kr\.cpp: not valid UTF-8 \(first bad byte at offset \d+\); read as CP949 \(Korean\)/);
    const files = (JSON.parse(run.stdout) as { files: { diagnostics: { rule: string }[] }[] }).files;
    assert.deepEqual(files.flatMap((f) => f.diagnostics.map((d) => d.rule)), []);
  });

  void it('Windows-1252 text that also decodes whole as Shift-JIS or GBK (a curly apostrophe before a letter) stays Windows-1252', () => {
    const root = tempTree({ 'quote.cpp': Buffer.concat([Buffer.from('// it doesn\x92t matter, isn\x92t it\n', 'latin1'), Buffer.from(CLEAN_CPP)]) });
    const run = runCli(['quote.cpp'], root);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stderr, /note: quote\.cpp: not valid UTF-8 \(first bad byte at offset 11\); read as Windows-1252/);
  });

  void it('NUL bytes padding the end of a text file are ignored with a note; the file is linted', () => {
    // ProjectAsura/d3d12_samples: 795 NUL bytes after the last line of App.cpp made the whole run exit 2.
    const padded = Buffer.concat([Buffer.from(staleSuppressionCpp('padded')), Buffer.alloc(795)]);
    const root = tempTree({ 'padded.cpp': padded });
    const run = runCli(['padded.cpp'], root);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stderr, /note: padded\.cpp: 795 NUL bytes at the end \(from offset \d+\) ignored/);
    assert.match(run.stdout, /padded\.cpp:3:/);
  });

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

  void it('a directory without C/C++ sources exits 2 and says so (as ESLint does for "no files matched")', () => {
    const root = tempTree({ 'empty/.keep': '' });
    const run = runCli(['empty'], root);
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /empty: no C\/C\+\+ source files found/);
  });
});
