// The helper-call memo (track/call-memo.ts) never changes an answer: every fixture, every example and generated
// call chains give the same findings, sites and unresolved calls with the memo on and off; and on a helper called
// in a loop the memo does replay calls (so the comparison is not vacuous).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WorkBudget } from '../../server/src/track/budget';
import { CALL_MEMO_ENV, CallMemo, memoStats } from '../../server/src/track/call-memo';
import { TrackEnv } from '../../server/src/track/env';
import { FRESH, TrackState } from '../../server/src/track/state';
import { answerWith, assertNeutralOnFixtures, assertNeutralOnGenerated } from '../harness/env-switch';
import { helperLoop } from '../harness/helper-loop';

const URI = 'file:///memo.cpp';

function answer(text: string, memo: boolean): string {
  return answerWith(CALL_MEMO_ENV, memo, text, URI);
}

void test('memo on and off give equal results on every fixture and example', () => {
  const before = memoStats.hits;
  assertNeutralOnFixtures(CALL_MEMO_ENV, URI);
  assert.ok(memoStats.hits > before, 'some fixture replays a helper call');
});

void test('memo on and off give equal results on generated call chains and loops', () => {
  // Generators 1 (deep loops) and 4 (call chains) by seed; the chains run into the work budget, which a replayed
  // call must spend exactly as an evaluated one.
  assertNeutralOnGenerated(CALL_MEMO_ENV, [1, 8, 15, 4, 11, 18, 25], URI);
});

// In the loop's fixpoint passes (nothing is reported), Pass's third call to Show meets the state its second call
// met: it is replayed. The loop's second iteration meets SHADER_RESOURCE where ToCopy expects COMMON.
const LOOP = helperLoop();

void test('a helper called in a loop is replayed, with the same findings', () => {
  const before = memoStats.hits;
  const on = answer(LOOP, true);
  assert.ok(memoStats.hits > before, 'the loop replays a call');
  assert.equal(on, answer(LOOP, false));
  assert.match(on, /layout-before-mismatch/);
});

void test('a replayed call leaves entry states, creations, the undo log and the budget as the evaluated call did', () => {
  const range = { startLine: 0, startColumn: 0, endLine: 0, endColumn: 1 };
  const fn = { name: 'H', qualifiedName: 'H', params: [], range, body: { k: 'seq' as const, body: [] }, lambda: false, relevant: true };
  const env = new TrackEnv('file:///m.cpp', [], {} as never, { resolve: () => undefined }, null);
  const memo = new CallMemo();
  const budget = new WorkBudget(10);
  const input = { fn, binding: { fields: [], refs: [], owners: [] }, stack: [], loopDepth: 0, state: new TrackState() };
  const assumed = { ...FRESH, lastModel: 'legacy' as const };
  const created = { creation: { resource: { key: 'r', text: 'r', range }, api: 'CreateCommittedResource', dimension: null, mipLevels: null, arraySize: null, flags: null, heapType: null }, uri: 'file:///m.cpp' };
  let runs = 0;
  const run = () => {
    runs++;
    budget.spend();
    budget.spend();
    env.entry.set('a', assumed);
    env.setResource('r', created);
    env.lastReplaced = new Map([['r', undefined]]);
    return new TrackState(new Map([['a', assumed]]));
  };
  const copy = (s: TrackState) => s.clone();
  const states = (s: TrackState) => [s];
  env.creationLogs.push(new Map());
  memo.call(env, budget, input, run, copy, states);
  // The caller's own work undoes what the call did (a loop's scope ends, a helper's locals go): the same call again.
  env.entry.delete('a');
  env.resources.delete('r');
  env.creationLogs[0].clear();
  const out = memo.call(env, budget, input, run, copy, states);
  assert.equal(runs, 1, 'replayed');
  assert.equal(env.entry.get('a'), assumed);
  assert.equal(env.resources.get('r'), created);
  assert.deepEqual([...env.creationLogs[0]], [['r', undefined]]);
  assert.equal(budget.used(), 4);
  assert.equal(out.res.get('a'), assumed);
  // Not enough budget left for a replay: the call is evaluated (and throws where an evaluation would).
  env.entry.delete('a');
  env.resources.delete('r');
  budget.spendMany(5);
  assert.throws(() => memo.call(env, budget, input, run, copy, states), /steps/);
  assert.equal(runs, 2);
});
