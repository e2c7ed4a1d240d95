// What a helper of the file certainly does first with a command list it is handed (recording-after-close): the
// first thing its body does to the list, read only down its straight-line start. A recording call there means a
// caller that closed the list records into a closed list through the helper. Anything that may change the list or
// skip the recording first (a branch, loop, return, Close/Reset, a call that is not an error check) ends the read
// with 'unknown'; a helper called there is read the same way, a few calls deep.
import { declaresName, type Event, type FileFacts, type FunctionFacts, type Stmt, type UserCallEvent } from '../../extract/facts';
import { keyRoot } from '../../extract/descriptor-values';
import type { Range } from '../../types';

export interface FirstRecording {
  method: string;
  /** The recording call and the helpers on the way to it, outermost first. */
  trail: { range: Range; callee: string }[];
}

const MAX_DEPTH = 3;

/** The file's functions (not lambdas) by name, in file order: read once per file, not per call. */
const functionsByName = new WeakMap<readonly FunctionFacts[], Map<string, FunctionFacts[]>>();
function byName(facts: FileFacts): Map<string, FunctionFacts[]> {
  let index = functionsByName.get(facts.functions);
  if (!index) {
    index = new Map();
    for (const f of facts.functions) {
      if (f.lambda) continue;
      const list = index.get(f.name);
      if (list) list.push(f);
      else index.set(f.name, [f]);
    }
    functionsByName.set(facts.functions, index);
  }
  return index;
}

/** The class part of `Frame::Finish`, or '' for a free function. */
export function classOf(fn: FunctionFacts): string {
  const at = fn.qualifiedName.lastIndexOf('::');
  return at > 0 ? fn.qualifiedName.slice(0, at) : '';
}

/**
 * The helper a call names, when the file defines exactly one function of that name and arity (a method of the
 * receiver's class preferred; given the `caller`, a method of the caller's own class for a call without an object).
 */
export function calleeOf(e: UserCallEvent, facts: FileFacts, caller?: FunctionFacts): FunctionFacts | undefined {
  const all = (byName(facts).get(e.callee) ?? []).filter((f) => f.params.length === e.args.length);
  const cls = e.receiverClass ?? (caller && !e.receiverOp ? classOf(caller) : '');
  const own = cls ? all.filter((f) => f.qualifiedName.startsWith(`${cls}::`)) : [];
  const found = own.length ? own : all;
  return found.length === 1 ? found[0] : undefined;
}

/** The name the helper uses for the caller's list `key`: the parameter it is passed as, or a member reached through this. */
export function keyInCallee(e: UserCallEvent, callee: FunctionFacts, key: string, caller: FunctionFacts | undefined): string | undefined {
  const at = e.args.findIndex((a) => a.resource.key === key);
  if (at >= 0) return callee.params[at];
  const root = keyRoot(key);
  const mine = (f: FunctionFacts | undefined) => !!f && declaresName(f, root);
  // `m_list->Close(); RecordFrame();` — a member of the object, when neither function declares the name.
  if (!e.receiverOp && caller && !mine(caller) && !mine(callee) && /^(?:m_|m[A-Z]|_)/.test(root)) return key;
  return undefined;
}

/** The statements of a body in order, nested blocks (`{ D3D12_RESOURCE_BARRIER b; … }`) opened: they run straight through. */
function* straightLine(s: Stmt): Generator<Stmt> {
  if (s.k !== 'seq') yield s;
  else for (const c of s.body) yield* straightLine(c);
}

export function firstRecording(opts: {
  fn: FunctionFacts; key: string; facts: FileFacts; depth?: number;
  recorded: (e: Event) => string | null; isCheck: (e: UserCallEvent) => boolean;
}): FirstRecording | 'unknown' {
  const depth = opts.depth ?? 0;
  for (const s of straightLine(opts.fn.body)) {
    // Writes and forgets of tested values (path facts) record nothing.
    if (s.k === 'write' || s.k === 'forget') continue;
    if (s.k !== 'event') return 'unknown';
    const e = s.event;
    if ((e.kind === 'close' || e.kind === 'reset') && !e.list?.key) return 'unknown';
    if (e.list?.key === opts.key) {
      if (e.kind === 'close' || e.kind === 'reset') return 'unknown';
      const method = opts.recorded(e);
      if (method) return { method, trail: [{ range: e.range, callee: opts.fn.name }] };
    }
    if (e.kind !== 'user-call' || e.onCommandList || opts.isCheck(e)) continue;
    const callee = depth < MAX_DEPTH ? calleeOf(e, opts.facts) : undefined;
    const inner = callee && keyInCallee(e, callee, opts.key, opts.fn);
    if (!callee || !inner) return 'unknown';
    const r = firstRecording({ ...opts, fn: callee, key: inner, depth: depth + 1 });
    if (r === 'unknown') return r;
    return { method: r.method, trail: [{ range: e.range, callee: opts.fn.name }, ...r.trail] };
  }
  return 'unknown';
}
