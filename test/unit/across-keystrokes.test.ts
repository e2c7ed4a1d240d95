// An earlier keystroke's values compared with and read in this keystroke's objects (track/across-keystrokes.ts, a
// building block of helper-call summaries kept across keystrokes, track/kept-runs.ts): ranges equal by value are
// paired one to one, a reused helper's objects and the edited function map as given, and an outcome holding a range
// or function nothing maps cannot be replayed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Pairing } from '../../server/src/track/across-keystrokes';

const r = (line: number) => ({ startLine: line, startColumn: 4, endLine: line, endColumn: 20 });
const fn = (name: string) => ({ name, qualifiedName: name, params: [], body: { kind: 'block', stmts: [] }, range: r(1) });

void test('ranges equal by value are paired one to one, and the outcome is read in the current ones', () => {
  const root = { was: fn('Submit'), now: fn('Submit') };
  const wasRange = r(10);
  const nowRange = r(10);
  const p = new Pairing(new Map(), root);
  const was = { res: new Map([['tex', { origin: { range: wasRange, note: 'set here' }, fn: root.was }]]) };
  const now = { res: new Map([['tex', { origin: { range: nowRange, note: 'set here' }, fn: root.now }]]) };
  assert.ok(p.same(was, now));
  const out = p.map({ kept: was.res.get('tex')!.origin, made: { range: wasRange, note: 'moved' } });
  assert.ok(out);
  assert.equal(out.kept, now.res.get('tex')!.origin, 'an input object maps to the current one');
  assert.equal(out.made.range, nowRange, 'its range too');
  // A range of the earlier run that the inputs did not hold cannot be replayed.
  assert.equal(p.map({ range: r(10) }), undefined);
  // One earlier range is not paired with a second current one, nor a second earlier range with the same current one.
  assert.ok(!p.same(wasRange, r(10)));
  assert.ok(!new Pairing(new Map(), root).same([wasRange, r(10)], [nowRange, nowRange]));
  assert.ok(!new Pairing(new Map(), root).same([wasRange, wasRange], [nowRange, r(10)]));
  assert.ok(new Pairing(new Map(), root).same([wasRange, wasRange], [nowRange, nowRange]));
  // Other objects may be equal to two current ones: they map to the first.
  const o = { note: 'x' };
  const q = new Pairing(new Map(), root);
  const first = { note: 'x' };
  assert.ok(q.same([o, o], [first, { note: 'x' }]));
  assert.equal(q.map({ o })?.o, first);
  // Different values are different.
  assert.ok(!new Pairing(new Map(), root).same({ range: r(10) }, { range: r(11) }));
});

void test("a reused helper's objects and the edited function map as given; other functions do not", () => {
  const root = { was: fn('Submit'), now: fn('Submit') };
  const helperWas = fn('Transition');
  const helperNow = fn('Transition');
  const barrierWas = { range: r(30), state: 4 };
  const barrierNow = { range: r(30), state: 4 };
  const helpers = new Map<object, unknown>([[helperWas, helperNow], [barrierWas, barrierNow], [barrierWas.range, barrierNow.range]]);
  const p = new Pairing(helpers, root);
  assert.ok(p.same({ callee: helperWas, owner: root.was }, { callee: helperNow, owner: root.now }));
  assert.ok(!new Pairing(helpers, root).same({ callee: helperWas }, { callee: fn('Transition') }), 'another copy is another function');
  assert.ok(!new Pairing(helpers, root).same(fn('Other'), fn('Other')), 'a function nothing maps');
  const out = p.map({ pending: [{ barrier: barrierWas, at: barrierWas.range }], by: helperWas, in: root.was });
  assert.ok(out);
  assert.equal(out.pending[0].barrier, barrierNow);
  assert.equal(out.pending[0].at, barrierNow.range);
  assert.equal(out.by, helperNow);
  assert.equal(out.in, root.now);
  assert.equal(p.map({ other: fn('Other') }), undefined);
});

void test('what the evaluation made is copied with its sharing and class; path conditions pair their owners', () => {
  class Box { constructor(readonly items: unknown[]) {} size(): number { return this.items.length; } }
  const p = new Pairing(new Map(), { was: fn('A'), now: fn('A') });
  const shared = { value: 3 };
  const made = new Box([shared, shared, new Set(['x']), new Map([['k', shared]])]);
  const out = p.map(made);
  assert.ok(out instanceof Box);
  assert.notEqual(out, made);
  assert.equal(out.size(), 4);
  assert.equal(out.items[0], out.items[1], 'sharing kept');
  assert.notEqual(out.items[0], shared);
  assert.deepEqual(out, made);
  // Path conditions: the owners (evaluation counts) paired one to one, the write counts equal.
  const cond = (owner: number, time = 2) => ({ facts: { x: 1 }, owner, time });
  const c = new Pairing(new Map(), { was: fn('A'), now: fn('A') });
  assert.ok(c.same({ a: cond(7), b: cond(7) }, { a: cond(17), b: cond(17) }));
  assert.equal(c.map({ k: cond(7) })?.k.owner, 17);
  assert.equal(c.map({ k: cond(9) })?.k.owner, 9, "an owner of the earlier run's evaluation stays");
  assert.ok(!new Pairing(new Map(), { was: fn('A'), now: fn('A') }).same([cond(7), cond(8)], [cond(17), cond(17)]));
  assert.ok(!new Pairing(new Map(), { was: fn('A'), now: fn('A') }).same([cond(7), cond(7)], [cond(17), cond(18)]));
  assert.ok(!new Pairing(new Map(), { was: fn('A'), now: fn('A') }).same(cond(7, 2), cond(17, 3)));
  // The same object in both runs (a module's constant) stays itself.
  const constant = { values: new Map(), unknown: true };
  assert.ok(p.same({ s: constant }, { s: constant }));
  assert.equal(p.map({ s: constant })?.s, constant);
});

void test('closures are equal only under a name the caller vouches for, and the same closure is equal to itself', () => {
  const root = { was: fn('A'), now: fn('A') };
  const lookup = (k: string) => k.length;
  const table = (f: (k: string) => number) => ({ entries: [1, 2], stored: f, other: f });
  assert.ok(!new Pairing(new Map(), root).same(table(() => 1), table(() => 1)), 'not vouched for: unequal');
  assert.ok(!new Pairing(new Map(), root, new Set(['stored'])).same(table(() => 1), table(() => 1)), 'only `stored` is vouched for');
  const vouched = (f: (k: string) => number) => ({ entries: [1, 2], stored: f, other: lookup });
  assert.ok(new Pairing(new Map(), root, new Set(['stored'])).same(vouched(() => 1), vouched(() => 2)));
  assert.ok(!new Pairing(new Map(), root).same(vouched(() => 1), vouched(() => 2)));
  assert.ok(new Pairing(new Map(), root).same(vouched(lookup), vouched(lookup)), 'the same function object');
});

void test("a replay's pairs inside values the tracker never changes are kept for the run's next replays; pairs of values it changes in place are not", () => {
  const root = { was: fn('Submit'), now: fn('Submit') };
  const unknown = { values: new Map(), unknown: true };
  // A resource's tracked state (track/state.ts ResState: treated as immutable, with everything it holds).
  const res = (range: object, note: string) => ({
    layout: { values: new Map([[4, { uri: 'u', range, note }]]), unknown: false }, access: unknown, syncAfter: unknown, legacy: unknown,
    legacyFromCreation: false, lastModel: 'legacy', split: null, deactivated: null, pendingWrite: null,
  });
  const wasRange = r(10);
  const nowRange = r(10);
  const resWas = res(wasRange, 'set here');
  const resNow = res(nowRange, 'set here');
  // A program point's maps are changed in place by the tracker (TrackState.res).
  const stateWas = { res: new Map([['tex', resWas]]) };
  const stateNow = { res: new Map([['tex', resNow]]) };
  const base = new Pairing(new Map(), root);
  const first = base.fork();
  assert.ok(first.same({ state: stateWas, cond: { facts: { x: 1 }, owner: 7, time: 1 } }, { state: stateNow, cond: { facts: { x: 1 }, owner: 17, time: 1 } }));
  // Before `keep`, another fork of the run has paired nothing: the state's range cannot be read in the current objects.
  assert.equal(base.fork().map({ s: resWas }), undefined);
  base.keep(first);
  const next = base.fork();
  assert.equal(next.map({ s: resWas })?.s, resNow, 'the resource state is paired for the rest of the run');
  assert.equal(next.map({ r: wasRange })?.r, nowRange, 'its range too');
  assert.equal(next.map({ c: { facts: { x: 1 }, owner: 7, time: 1 } })?.c.owner, 17, 'and the owners');
  assert.notEqual(next.map({ m: stateWas.res })?.m, stateNow.res, "a map the tracker changes in place is not kept: it is copied");
  // Ranges stay one to one over the run: the kept range is not paired with another current one.
  assert.ok(!base.fork().same(wasRange, r(10)));
  assert.ok(base.fork().same(stateWas, stateNow));
  // The current state changed in place after the replay: compared again, it differs.
  stateNow.res.set('tex', res(nowRange, 'moved'));
  assert.ok(!base.fork().same(stateWas, stateNow));
  // A pair the comparison undid (the values differed further in) is not kept.
  const other = base.fork();
  const otherWas = res(r(30), 'a');
  const otherNow = res(r(30), 'b');
  assert.ok(!other.same(otherWas, otherNow));
  base.keep(other);
  assert.notEqual(base.fork().map({ s: otherWas })?.s, otherNow);
});
