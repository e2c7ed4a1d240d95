// The outermost functions' test (lsp/function-spans.ts strictlyInside): one sort and a sweep answer what comparing every
// range with every other answers (a range held by another, different range), on random ranges with equal ones.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { strictlyInside } from '../../server/src/lsp/function-spans';
import { rangeWithin } from '../../server/src/parse/positions';
import type { Range } from '../../server/src/types';

function randomRanges(seed: number, n: number): Range[] {
  let x = seed;
  const next = (m: number): number => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % m;
  };
  const out: Range[] = [];
  for (let i = 0; i < n; i++) {
    if (out.length && next(4) === 0) {
      out.push({ ...out[next(out.length)] });
      continue;
    }
    const startLine = next(12);
    const endLine = startLine + next(6);
    const startColumn = next(5);
    const endColumn = endLine === startLine ? startColumn + next(5) : next(5);
    out.push({ startLine, startColumn, endLine, endColumn });
  }
  return out;
}

void describe('function spans', () => {
  void it('strictlyInside answers as every range compared with every other', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const ranges = randomRanges(seed, 1 + (seed % 40));
      const naive = ranges.map((f, i) => ranges.some((g, j) => j !== i && rangeWithin(f, g) && !rangeWithin(g, f)));
      assert.deepEqual(strictlyInside(ranges), naive, `seed ${seed}`);
    }
  });

  void it('keeps ranges equal to each other and nothing larger', () => {
    const r = { startLine: 1, startColumn: 0, endLine: 4, endColumn: 1 };
    const lambda = { startLine: 2, startColumn: 4, endLine: 2, endColumn: 20 };
    assert.deepEqual(strictlyInside([r, { ...r }, lambda]), [false, false, true]);
    assert.deepEqual(strictlyInside([]), []);
  });
});
