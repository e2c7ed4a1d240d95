// The progress bar: nothing during the first second or when disabled (not a terminal, JSON/SARIF output);
// then files done / total and the current file, cut to the terminal width, erased at the end.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Progress } from '../../server/src/cli/progress';

function fakeTerminal(columns: number): { writes: string[]; stream: { columns: number; write(s: string): boolean } } {
  const writes: string[] = [];
  return { writes, stream: { columns, write: (s: string) => writes.push(s) > 0 } };
}

void describe('progress bar', () => {
  void it('stays silent for the first second, then draws done/total and the current file', () => {
    let now = 0;
    const { writes, stream } = fakeTerminal(60);
    const progress = new Progress(stream, 4, true, () => now);
    progress.tick('src/a.cpp');
    now = 999;
    progress.tick('src/b.cpp');
    assert.deepEqual(writes, []);
    now = 1200;
    progress.tick('src/c.cpp');
    assert.equal(writes.length, 1);
    assert.match(writes[0], /^\r\u001b\[K\[=+ +\] 3\/4 src\/c\.cpp$/);
    progress.finish();
    assert.equal(writes[1], '\r\u001b[K');
  });

  void it('cuts long lines to the terminal width and throttles redraws', () => {
    let now = 2000;
    const { writes, stream } = fakeTerminal(40);
    const progress = new Progress(stream, 100, true, () => now - 1500);
    now = 5000;
    progress.tick(`src/${'deep/'.repeat(20)}file.cpp`);
    progress.tick('again.cpp');
    assert.equal(writes.length, 1);
    assert.ok(writes[0].length - '\r\u001b[K'.length <= 39);
    assert.ok(writes[0].endsWith('…'));
  });

  void it('writes nothing when disabled, not even on finish', () => {
    let now = 0;
    const { writes, stream } = fakeTerminal(80);
    const progress = new Progress(stream, 2, false, () => now);
    now = 5000;
    progress.tick('a.cpp');
    progress.finish();
    assert.deepEqual(writes, []);
  });
});
