// learnLabels (a switch's entries learning many case labels at once) must equal learnLabel applied label by label:
// the same facts, in the same order (path descriptions list them in insertion order), for random label sequences
// mixing enumerators, numeric values, repeats and both truths.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { learnLabel, learnLabels, PathFacts } from '../../server/src/track/paths';

type Label = Parameters<typeof learnLabel>[2];

function view(f: PathFacts): unknown {
  return { key: f.key(), syms: [...f.syms], atoms: [...f.atoms], described: f.describe(PathFacts.EMPTY) };
}

void test('learnLabels equals learning the labels one by one', () => {
  let seed = 12345;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const pool: Label[] = [
    { value: null, text: 'Kind::Draw' }, { value: null, text: 'Kind::Copy' }, { value: null, text: 'Kind::Clear' },
    { value: null, text: 'OTHER' }, { value: 0, text: '0' }, { value: 2, text: 'TWO' }, { value: 7, text: '7' },
  ];
  for (let round = 0; round < 500; round++) {
    let start = PathFacts.EMPTY;
    for (let i = next(4); i > 0; i--) start = learnLabel(start, next(2) ? 'k' : 'm', pool[next(pool.length)], next(2) === 0);
    const steps = Array.from({ length: next(12) }, () => [pool[next(pool.length)], next(3) === 0] as const);
    const one = steps.reduce((f, [l, truth]) => learnLabel(f, 'k', l, truth), start);
    const batch = learnLabels(start, 'k', steps);
    assert.deepEqual(view(batch), view(one), JSON.stringify(steps));
    if (one === start) assert.equal(batch, start, 'nothing learnt: the same facts object');
  }
});

// forgetOne keeps forget([sym])'s answer per value, and forgetKey gives its key without making it (path-set.ts forgetUntilCap asks it for every path and value at
// every join past the cap): asked twice, or after other values, it must equal a fresh forget.
void test('forgetOne equals forget of that one value, asked again or in any order', () => {
  const pool: Label[] = [{ value: null, text: 'Kind::Draw' }, { value: 0, text: '0' }, { value: 2, text: 'TWO' }];
  let f = PathFacts.EMPTY;
  for (const [i, sym] of ['k', 'm', 'n', 'k'].entries()) f = learnLabel(f, sym, pool[i % pool.length], i % 2 === 0);
  f = f.write('flag', 1).alias('useCopy', { op: '==', left: { value: null, text: 'k', range: { startLine: 0, startColumn: 0, endLine: 0, endColumn: 1 } }, right: { value: 2, text: '2', range: { startLine: 0, startColumn: 0, endLine: 0, endColumn: 1 } }, ls: 'k' } as never);
  for (const order of [['k', 'm', 'flag', 'useCopy', 'none'], ['none', 'useCopy', 'flag', 'm', 'k']]) {
    for (const sym of order) {
      assert.deepEqual(view(f.forgetOne(sym)), view(f.forget([sym])), sym);
      assert.equal(f.forgetKey(sym), f.forget([sym]).key(), sym);
      assert.equal(f.forgetOne(sym), f.forgetOne(sym));
    }
  }
});

void test('forgetKey equals the key of forget, on random facts with aliases and atoms', () => {
  let seed = 777;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const range = { startLine: 0, startColumn: 0, endLine: 0, endColumn: 1 };
  const names = ['a', 'b', 'c', 'd', 'e'];
  const pool: Label[] = [{ value: null, text: 'Kind::Draw' }, { value: null, text: 'OTHER' }, { value: 0, text: '0' }, { value: 3, text: '3' }];
  for (let round = 0; round < 400; round++) {
    let f = PathFacts.EMPTY;
    for (let i = next(8); i > 0; i--) {
      const sym = names[next(names.length)];
      const other = names[next(names.length)];
      const kind = next(4);
      if (kind === 0) f = learnLabel(f, sym, pool[next(pool.length)], next(2) === 0);
      else if (kind === 1) f = f.write(sym, next(3) === 0 ? null : next(4));
      else if (kind === 2) f = f.alias(sym, { op: '==', left: { value: null, text: other, range }, right: { value: next(3), text: '1', range }, ls: other } as never);
      else f = f.learnAtom(`${sym}<${other}`, next(2) === 0, [sym, other], `${sym} < ${other}`);
    }
    for (const sym of [...names, 'z']) assert.equal(f.forgetKey(sym), f.forget([sym]).key(), `${f.key()} without ${sym}`);
  }
});
