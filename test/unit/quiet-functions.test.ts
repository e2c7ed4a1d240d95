// QuietFunctions (track/quiet.ts): a function is skipped as an entry only when nothing its calls may reach, in the
// file or in the other files of the run, records anything but calls; its unresolved names are still recorded.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Event, FunctionFacts, Stmt } from '../../server/src/extract/facts';
import { QuietFunctions } from '../../server/src/track/quiet';
import { WorkspaceIndex } from '../../server/src/track/workspace';

const at = { startLine: 0, startColumn: 0, endLine: 0, endColumn: 0 };

function call(callee: string): Stmt {
  return { k: 'event', event: { kind: 'user-call', site: -1, range: at, callee, args: [] } as unknown as Event };
}

function fn(name: string, body: Stmt[]): FunctionFacts {
  return { name, qualifiedName: name, params: [], range: at, body: { k: 'seq', body }, lambda: false, relevant: true, locals: [] } as unknown as FunctionFacts;
}

const swap = (): Stmt => ({ k: 'event', event: { kind: 'swap', site: -1, range: at, resources: [{ key: 'a', text: 'a', range: at }, { key: 'b', text: 'b', range: at }] } as unknown as Event });

const close = (): Stmt => ({ k: 'event', event: { kind: 'close', site: -1, range: at } as unknown as Event });

void describe('QuietFunctions', () => {
  void it('calls only: quiet, through the file\'s own helpers and call cycles', () => {
    const leaf = fn('Leaf', [call('Log')]);
    const a = fn('A', [call('B'), call('Leaf')]);
    const b = fn('B', [{ k: 'loop', body: call('A') } as unknown as Stmt]);
    const q = new QuietFunctions([leaf, a, b]);
    assert.equal(q.has(a), true);
    assert.equal(q.has(b), true);
  });

  void it('any other event, here or in a helper the call may resolve to, makes it not quiet', () => {
    const closes = fn('Submit', [close()]);
    const caller = fn('Frame', [call('Log'), call('Submit')]);
    const q = new QuietFunctions([closes, caller]);
    assert.equal(q.has(closes), false);
    assert.equal(q.has(caller), false);
  });

  void it('a helper of another file of the run counts: quiet only when it is quiet too', () => {
    const frame = fn('Frame', [call('Record')]);
    const ix = new WorkspaceIndex();
    ix.set('file:///other.cpp', { functions: [fn('Record', [close()])] });
    assert.equal(new QuietFunctions([frame], ix).has(frame), false);
    ix.set('file:///other.cpp', { functions: [fn('Record', [call('Log')])] });
    assert.equal(new QuietFunctions([frame], ix).has(frame), true);
    assert.equal(new QuietFunctions([frame]).has(frame), true);
  });

  void it('a swap leaves a function quiet as an entry only (silentEntry): at a call it moves the caller\'s states', () => {
    const sort = fn('SortBlocks', [{ k: 'loop', body: { k: 'seq', body: [swap(), call('Log')] } } as unknown as Stmt]);
    const caller = fn('Defragment', [call('SortBlocks'), call('Log')]);
    const q = new QuietFunctions([sort, caller]);
    assert.equal(q.silentEntry(sort), true);
    assert.equal(q.silentEntry(caller), true);
    assert.equal(q.has(sort), false, 'call summaries rely on has(): a swap is not quiet there');
    assert.equal(q.has(caller), false);
  });

  void it('a swap-only function reaching any other event, here or in another file, is interpreted', () => {
    const submit = fn('Submit', [swap(), close()]);
    const flip = fn('Flip', [swap(), call('Submit')]);
    assert.equal(new QuietFunctions([submit, flip]).silentEntry(flip), false);
    const frame = fn('Frame', [swap(), call('Record')]);
    const ix = new WorkspaceIndex();
    ix.set('file:///other.cpp', { functions: [fn('Record', [close()])] });
    assert.equal(new QuietFunctions([frame], ix).silentEntry(frame), false);
    ix.set('file:///other.cpp', { functions: [fn('Record', [swap()])] });
    assert.equal(new QuietFunctions([frame], ix).silentEntry(frame), true);
  });
});
