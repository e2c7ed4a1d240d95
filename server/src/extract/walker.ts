// The statement walker: turns a function body into the structured statement tree (Stmt) the tracker follows,
// evaluating declarations and expressions in source order so each event sees the values of its moment.
import { closesEnumChain, namesEveryEnumerator } from './exhaustive-switch';
import { failedCreationStmts, noteCreations } from './failed-creations';
import type { SyntaxNode } from './node';
import type { Condition, Stmt } from './facts';
import { forEachEvent } from './events';
import { conditionOf } from './conditions';
import { testedParam } from './constant-fold';
import { ifParamKeys, switchParamKeys } from './param-keys';
import type { ParamKeys } from './param-choices';
import { bookkeepingAccessors, guardBookkeeping, stateGuard } from './state-guards';
import { branchLabel, submissionStmt } from './container-paths';
import { emptinessGuard, emptyArrayGuard, emptyReturnGuard, reverseLoop } from './batches';
import { capacityGuard } from './capacity-guards';
import { filledByStateSkipper } from './fill-guards';
import { historyTest, laterCallsBranch, onceGuard } from './once-guards';
import { noopTest } from './noop-tests';
import { dropsAfter, elementsIndexedBy, pathWrites, switchLabels } from './path-facts';
import { switchCaseTests } from './switch-tests';
import { bodyBound, countParam, loopCounter } from './loop-counters';
import { walksSubresources } from './subresource-loops';
import { failureReturn } from './failure-exits';
import { inlineHelperCall } from './inline-helpers';
import { pathTernary } from './ternary-statements';
import { withBranch } from './ternary-branches';
import { switchValue } from './switch-macros';
import { fixedCases, fixedTruth } from './const-locals';
import { derefTruth } from './dereferenced-pointers';
import type { Unrolling } from './unrolled-loops';
import { continueGuard, insideUnrolled, unrolledTruth, unrolling } from './unrolled-loops';
import { insideTableLoop } from './table-loops';
import { FORWARDED, forwardedCall, markResult } from './returned-locals';
import type { BranchLabel, FnCtx } from './context';
import { evalValue, visitCalls } from './context';
import { handleAssignment } from './assignments';
import { handleContainerCall, handleSwapCall } from './container-calls';
import { handleDeclaration } from './declarations';
import { endObjects, returnEndsObjects } from './constructor-calls';
import { queueMethodCall } from './queue-methods';
import { forgetMember } from './struct-writes';
import { recordEndShift, recordReindex } from './rebinds';
import { indexValue } from './elements';
import { isResourceType } from './resources';
import { declaredName, localDeclaredName, typeText } from './types';
import { caseBody, elseBody, rangeOf, rootName, unwrapValue } from './syntax';
import type { Range } from '../types';
import type { ArrayVal, AVal, StructVal } from './values';
import { cloneVal, getMember, numVal } from './values';

function seq(body: Stmt[]): Stmt {
  return body.length === 1 ? body[0] : { k: 'seq', body };
}

/** Run `work` and wrap the events it records as statements. */
export function collect(fn: FnCtx, work: () => void): Stmt[] {
  const saved = fn.events;
  fn.events = [];
  work();
  const out: Stmt[] = fn.events.map(submissionStmt);
  fn.events = saved;
  noteCreations(fn, out);
  return out;
}

function unknownAt(n: SyntaxNode): (key: string) => AVal {
  // Keys are `v:name`, `m:<object>:<member>`, `e:<array>:<index>` (context.ts); the last part names the target.
  return (key) => numVal({ value: null, text: `${key.slice(key.lastIndexOf(':') + 1)} (differs between paths)`, range: rangeOf(n) });
}

/** The user calls at `starts` (a guard's getter/setter, see state-guards.ts) read or write only bookkeeping. */
function markBookkeeping(stmts: Stmt[], starts: ReadonlySet<string>): void {
  if (!starts.size) return;
  for (const s of stmts) {
    forEachEvent(s, (e) => {
      if (e.kind === 'user-call' && starts.has(`${e.range.startLine}:${e.range.startColumn}`)) e.bookkeeping = true;
    });
  }
}

/**
 * A nested block: the names it declares end with it. A local that no outer name had is gone afterwards, and an outer
 * name's declared type comes back (`D3D12_TEXTURE_COPY_LOCATION dst = {};` in one branch does not make the
 * parameter `Tex* dst` a copy location in the other branch: LumixEngine's `copy()`). A scope holds, per name the
 * block declares, whether it was bound before and its declared type then.
 */
type Scope = { name: string; bound: boolean; type: string | undefined }[];

/** The names a block declares directly (nested blocks keep their own), with what they were before it. */
function openScope(n: SyntaxNode, fn: FnCtx): Scope | undefined {
  const own = new Set<string>();
  for (const c of n.namedChildren) if (c.type === 'declaration') for (const d of c.childrenForFieldName('declarator')) {
    const name = declaredName(d);
    if (name) own.add(name);
  }
  return own.size ? [...own].map((name) => ({ name, bound: fn.env.has(name), type: fn.types.get(name) })) : undefined;
}

/** After the block: its locals are gone, and the outer names' declared types come back. */
function closeScope(scope: Scope, fn: FnCtx): void {
  for (const b of scope) {
    if (!b.bound) fn.env.delete(b.name);
    if (b.type === undefined) fn.types.delete(b.name);
    else fn.types.set(b.name, b.type);
  }
}

/**
 * `Move(cl, r, c ? A : B, …);` with `c` decided per path (ternary-statements.ts): the if statement it abbreviates.
 * NOTE: a function of its own, not a case of walkStatement: every local there costs a stack frame per nesting level.
 */
function loweredTernary(n: SyntaxNode, e: SyntaxNode, fn: FnCtx, onReturn?: (value: SyntaxNode) => void): Stmt | undefined {
  const tern = pathTernary(e, fn);
  if (!tern) return undefined;
  const side = (taken: boolean) => () => withBranch(tern.node, taken, fn, () => walkStatement(n, fn, onReturn));
  const [thenS, elseS] = fn.branches([side(true), side(false)], true, unknownAt(n), { containers: true, alternatives: true, cond: tern.cond, end: n.endIndex });
  return { k: 'if', then: thenS, else: elseS, range: rangeOf(n), cond: tern.cond };
}

export function walkStatement(n: SyntaxNode, fn: FnCtx, onReturn?: (value: SyntaxNode) => void): Stmt {
  const walk = (c: SyntaxNode | null): Stmt => {
    if (!c) return { k: 'seq', body: [] };
    const s = walkStatement(c, fn, onReturn);
    const drops = dropsAfter(c, fn);
    return drops.length ? seq([s, ...drops]) : s;
  };
  switch (n.type) {
    case 'compound_statement': {
      // NOTE: the scope is opened and closed here, not in a helper around the walk: every nesting level costs stack
      // frames, and the nesting limit (tooDeep) is set for this many.
      const scope = n.parent?.type !== 'function_definition' && n.parent?.type !== 'lambda_expression' ? openScope(n, fn) : undefined;
      const mark = fn.liveObjects.length;
      const stmts = n.namedChildren.map((c) => walk(c));
      // The destructors of the objects the block constructed with arguments (constructor-calls.ts) run at its end.
      if (fn.liveObjects.length > mark) stmts.push(...collect(fn, () => fn.events.push(...endObjects(fn, mark, n.child(n.childCount - 1) ?? n))));
      const body = seq(stmts);
      if (!scope) return body;
      closeScope(scope, fn);
      // A resource named through a local of the block (`auto res = &frames[i][Hudless]; SetResource(res);`) means
      // nothing after it: a sibling block's `res` of the same spelling is another object (track: outOfScope).
      const scoped = scope.filter((b) => !b.bound && !fn.params.includes(b.name)).map((b) => b.name).sort();
      return scoped.length ? { k: 'seq', body: body.k === 'seq' && !body.scoped ? body.body : [body], scoped } : body;
    }
    case 'translation_unit': case 'declaration_list': case 'ERROR':
      return seq(n.namedChildren.map((c) => walk(c)));
    case 'function_definition':
      // A definition met while walking recovered code (an ERROR node) or a local class: it is analysed as a
      // function of its own, never as statements that run in sequence with its neighbours.
      return { k: 'seq', body: [] };
    case 'declaration':
      return seq([...collect(fn, () => handleDeclaration(n, fn)), ...pathWrites(n, fn, undefined, conditionOf)]);
    case 'expression_statement': {
      const e = n.namedChild(0);
      // `cmdResourceBarrier(cmd, 1, descs)`: a helper translating the caller's barrier descs, walked in place; a
      // statement choosing a constant per path, walked as an if (loweredTernary).
      const inlined = e ? loweredTernary(n, e, fn, onReturn) ?? inlineHelperCall(e, fn, (body) => walkStatement(body, fn, onReturn)) : undefined;
      if (inlined) return inlined;
      return seq(e ? [...collect(fn, () => expression(e, fn)), ...pathWrites(e, fn, undefined, conditionOf)] : []);
    }
    case 'if_statement': {
      const cond = n.childForFieldName('condition');
      const pre = [...collect(fn, () => cond && conditionCalls(cond, fn)), ...pathWrites(cond, fn, undefined, conditionOf)];
      const decidable = conditionOf(cond, fn);
      const alt = n.childForFieldName('alternative');
      const altBody = elseBody(alt);
      const taken = unrolledTruth(decidable, fn, cond) ?? fixedTruth(cond, fn) ?? derefTruth(cond, fn);
      if (taken !== undefined) return seq([...pre, taken ? walk(n.childForFieldName('consequence')) : walk(altBody)]);
      if (fn.readsTemplate && !altBody && stateGuard(n) === 'then') return seq([...pre, walk(n.childForFieldName('consequence'))]);
      // `if (buf->TrackUsageAndGetResourceBarrier(ctx, &b, s)) barriers.push_back(b);`: the branch is taken as the
      // author means it (fill-guards.ts), containers included — the skipped path is one where the state already is s.
      if (!altBody && filledByStateSkipper(n, fn)) return seq([...pre, walk(n.childForFieldName('consequence'))]);
      const noop = noopTest(cond, fn);
      if (!decidable) fn.undecided++;
      // `if (FAILED(hr))` after a creation: on that branch the created resource is none (failed-creations.ts).
      const failed = failedCreationStmts(n, fn);
      const label: BranchLabel | undefined = decidable ? branchLabel(n, decidable, fn, fn.name, ++fn.labels) : undefined;
      const [walkedThen, elseS] = fn.branches([() => seq([...failed, walk(n.childForFieldName('consequence'))]), () => walk(altBody)], true, unknownAt(n), {
        containers: true, alternatives: true, ...(decidable ? { cond: decidable, end: n.endIndex } : {}), ...(label ? { label } : {}),
        ...paramChoiceOf(ifParamKeys(cond, fn)),
      });
      if (!decidable) fn.undecided--;
      // A container filled on a branch that rewrote the tested values: the path carries which branch it took.
      let thenS = walkedThen;
      if (label?.used) {
        pre.push({ k: 'write', sym: label.sym, value: 0 });
        thenS = seq([{ k: 'write', sym: label.sym, value: 1 }, walkedThen]);
      }
      const batchGuard = altBody ? undefined : emptinessGuard(cond, thenS);
      const emptyBatch = altBody ? undefined : emptyReturnGuard(n, fn);
      const state = stateGuard(n);
      const guardValue = state === 'is' ? testedConstant(decidable) : undefined;
      const guard = (state === 'is' && guardValue === undefined ? undefined : state)
        ?? (!altBody && !batchGuard && emptyArrayGuard(cond, thenS, n.childForFieldName('consequence')) ? 'then' : undefined)
        ?? (capacityGuard(n) ? 'skip' : undefined);
      // The last test of an if/else-if chain over every enumerator of an enum: no path runs past it untaken.
      const exhaustive = !altBody && !guard && closesEnumChain(n, fn.file);
      if (state === 'then') markBookkeeping([...pre, thenS], bookkeepingAccessors(n));
      const bookkeeping = state === 'then' || state === 'skip' ? guardBookkeeping(n) : [];
      const once = !altBody && onceGuard(cond, n.childForFieldName('consequence'), fn);
      const history = !once && historyTest(cond, fn);
      const later = history ? laterCallsBranch(cond, fn) : undefined;
      return seq([...pre, {
        k: 'if', then: thenS, else: altBody ? elseS : null, range: rangeOf(n), ...(decidable ? { cond: decidable } : {}), ...(guard ? { guard } : {}),
        ...(guardValue !== undefined ? { guardValue } : {}),
        ...(batchGuard ? { batchGuard } : {}), ...(emptyBatch ? { emptyBatch } : {}), ...(once ? { once } : {}), ...(history ? { history } : {}), ...(later ? { later } : {}), ...(noop ? { noop } : {}),
        ...(exhaustive ? { exhaustive: true as const } : {}), ...(bookkeeping.length ? { bookkeeping } : {}),
      }]);
    }
    case 'for_statement': case 'for_range_loop': case 'while_statement': case 'do_statement':
      return loop(n, fn, walk);
    case 'switch_statement': {
      const cond = n.childForFieldName('condition');
      const pre = [...collect(fn, () => cond && conditionCalls(cond, fn)), ...pathWrites(cond, fn, undefined, conditionOf)];
      const body = n.childForFieldName('body');
      const cases = body?.namedChildren.filter((c) => c.type === 'case_statement') ?? [];
      const labelled = switchLabels(cond, cases, fn);
      const caseTests = labelled.sym === undefined ? switchCaseTests(cond, cases, fn) : undefined;
      const tested = caseTests ? { ...labelled, caseTests } : labelled;
      // A switch naming every enumerator of its enum has no path past it either (exhaustive-switch.ts).
      const hasDefault = cases.some((c) => c.child(0)?.type === 'default') || namesEveryEnumerator(cases, fn);
      const fixed = fixedCases(cond, cases, fn);
      if (fixed) {
        const walked = cases.map((c, i) => (i < fixed.from || i > fixed.to ? seq([]) : seq(caseBody(c).map((s) => walk(s)))));
        return seq([...pre, { k: 'switch', cases: walked, hasDefault, range: rangeOf(n), taken: fixed.from }]);
      }
      const runs = cases.map((c) => () => seq(caseBody(c).map((s) => walk(s))));
      // One case and a default on a parameter (`switch (type) { case UAV: b.UAV.pResource = r; break; default: … }`):
      // a pointer the case sets keeps its value tied to the case's test, as an if/else's does (ResourceRef.choice).
      const single = caseTests?.length === 2 && caseTests[0] && caseTests[1] === null ? caseTests[0] : undefined;
      const stmts = fn.branches(runs, hasDefault, unknownAt(n), { alternatives: true, cases: true, ...(single ? { cond: single } : {}), ...(testedParam(cond, fn) ? { paramChoice: true } : {}), ...paramKeysOption(switchParamKeys(cond, cases, fn)) });
      return seq([...pre, { k: 'switch', cases: stmts, hasDefault, range: rangeOf(n), ...tested }]);
    }
    case 'return_statement': {
      const value = n.namedChild(0);
      const pre = collect(fn, () => {
        if (value && onReturn) onReturn(value);
        else if (value) visitCalls(value, fn);
        // `return create_buffer_(…);` of a forwarding factory: the call's result is what the function hands back.
        if (value && !onReturn && forwardsResult(n)) markResult(value, { key: FORWARDED, text: FORWARDED, range: rangeOf(value) }, fn);
      });
      const ends = fn.liveObjects.length ? collect(fn, () => fn.events.push(...returnEndsObjects(fn, n))) : [];
      return seq([...pre, ...pathWrites(value, fn, undefined, conditionOf), ...failureReturn(value), ...ends, { k: 'return', range: rangeOf(n) }]);
    }
    case 'break_statement': return { k: 'break' };
    case 'continue_statement': return { k: 'continue' };
    case 'labeled_statement': return walk(n.childForFieldName('statement') ?? n.namedChildren[n.namedChildCount - 1]);
    case 'try_statement': return walk(n.childForFieldName('body'));
    case 'preproc_if': case 'preproc_ifdef': case 'preproc_else': case 'preproc_elif': case 'preproc_elifdef':
      return preprocessor(n, fn, walk);
    default:
      return seq([...collect(fn, () => visitCalls(n, fn)), ...pathWrites(n, fn, undefined, conditionOf)]);
  }
}

/** `return f(…);` as the one object-returning exit of its function (returned-locals.ts forwardedCall). */
function forwardsResult(ret: SyntaxNode): boolean {
  let def = ret.parent;
  while (def && def.type !== 'function_definition' && def.type !== 'lambda_expression') def = def.parent;
  const body = def?.type === 'function_definition' ? def.childForFieldName('body') : null;
  const call = body ? forwardedCall(body) : undefined;
  const value = ret.namedChild(0);
  return !!call && !!value && unwrapValue(value).startIndex === call.startIndex;
}

/** `bookkeeping == C`: the value of C (the side that folds, the other one not). */
function testedConstant(c: Condition | undefined): number | undefined {
  if (!c || c.op !== '==') return undefined;
  const known = [c.left, c.right].filter((f) => f.value !== null);
  return known.length === 1 ? known[0].value! >>> 0 : undefined;
}

function conditionCalls(cond: SyntaxNode, fn: FnCtx): void {
  for (const c of cond.namedChildren) {
    if (c.type === 'declaration') handleDeclaration(c, fn);
    else expression(c, fn);
  }
}

/** `#if A ... #else ... #endif` inside a body: either branch may be compiled. */
function preprocessor(n: SyntaxNode, fn: FnCtx, walk: (c: SyntaxNode | null) => Stmt): Stmt {
  const alt = n.childForFieldName('alternative');
  const own = n.namedChildren.filter((c) => c !== alt && c !== n.childForFieldName('condition') && c !== n.childForFieldName('name'));
  // `#if 0` is code switched off (kept for reference, or known broken): it is never compiled. `#if 1` always is. So is
  // a switch the file or a header of the run sets (`#define USE_MIRROR 0` … `#if USE_MIRROR`, `#if !USE_MIRROR`).
  const literal = n.type === 'preproc_if' || n.type === 'preproc_elif' ? switchValue(n.childForFieldName('condition'), fn) : undefined;
  if (literal === 0) return alt ? walk(alt) : { k: 'seq', body: [] };
  if (literal === 1) return seq(own.map((c) => walk(c)));
  // `#ifdef PASSTHRU return; #endif` of a name the file never defines: read as always compiled, the exit would leave
  // everything after it unread. It is one build's early exit: the other builds run on.
  if (!alt && optionalExit(n, own)) {
    const [a, b] = fn.branches([() => seq(own.map((c) => walk(c))), () => ({ k: 'seq', body: [] })], true, unknownAt(n), { containers: true });
    return { k: 'if', then: a, else: b, range: rangeOf(n) };
  }
  if (!alt) return seq(own.map((c) => walk(c)));
  const [a, b] = fn.branches([() => seq(own.map((c) => walk(c))), () => walk(alt)], true, unknownAt(n), { containers: true });
  return { k: 'if', then: a, else: b, range: rangeOf(n) };
}

/** `#ifdef NAME … return …; #endif` (no `#else`) whose NAME the file does not `#define`. */
function optionalExit(n: SyntaxNode, own: readonly SyntaxNode[]): boolean {
  const last = own.filter((c) => c.type !== 'comment').pop();
  const name = n.childForFieldName('name')?.text;
  if (n.type !== 'preproc_ifdef' || last?.type !== 'return_statement' || !name || !/^#\s*ifdef\b/.test(n.text)) return false;
  let root = n;
  while (root.parent) root = root.parent;
  return !new RegExp(`^[ \\t]*#[ \\t]*define[ \\t]+${name}\\b`, 'm').test(root.text);
}

/** `do { … } while (0)`: a block run once that `break` leaves (recording macros, early-exit blocks). */
const NEVER_AGAIN = /^\(\s*(?:0|false|FALSE)\s*\)$/;

function loop(n: SyntaxNode, fn: FnCtx, walk: (c: SyntaxNode | null) => Stmt): Stmt {
  if (n.type === 'do_statement' && NEVER_AGAIN.test(n.childForFieldName('condition')?.text ?? '')) {
    return { k: 'loop', body: walk(n.childForFieldName('body')), doWhile: true, once: true, range: rangeOf(n), varying: [] };
  }
  const reversed = reverseLoop(n, fn);
  if (reversed) return seq(collect(fn, () => fn.events.push({ kind: 'batch-add', site: -1, range: rangeOf(n), container: reversed, barriers: [], reverse: true })));
  const pre: Stmt[] = [];
  const counter = n.type === 'for_statement' ? loopCounter(n, fn, conditionOf) : undefined;
  const bound = n.type === 'for_statement' ? bodyBound(n, fn) : undefined;
  const count = n.type === 'for_statement' && !counter?.exactlyOnce ? countParam(n, fn) : undefined;
  if (n.type === 'for_statement') pre.push(...loopInit(n, fn));
  const unrolled = unrolling(n, fn);
  if (unrolled) return unrolledLoop(n, fn, walk, unrolled, pre);
  forgetModified(n, fn);
  const cond = n.childForFieldName('condition');
  pre.push(...collect(fn, () => cond && conditionCalls(cond, fn)), ...pathWrites(cond, fn, undefined, conditionOf));
  const range = n.type === 'for_range_loop' ? rangeElement(n, fn) : undefined;
  const existing = arraysWithElements(fn);
  fn.loopDepth++;
  fn.loopVarying.push(new Set(varyingNames(n)));
  const [body] = fn.branches([() => {
    range?.bind();
    const b = walk(n.childForFieldName('body'));
    const update = n.childForFieldName('update');
    const tail = update ? [...collect(fn, () => expression(update, fn)), ...pathWrites(update, fn, counter?.sym, conditionOf)] : [];
    return iteration(fn, n, b, tail);
  }], false, unknownAt(n));
  fn.loopDepth--;
  fn.loopVarying.pop();
  range?.after();
  for (const arr of existing) updateInPlace(arr, rangeOf(n));
  const scoped = [...declaredNames(n)].filter((name) => !fn.params.includes(name)).sort();
  return seq([...pre, {
    k: 'loop', body, doWhile: n.type === 'do_statement', range: rangeOf(n), varying: varyingNames(n, true), ...(counter ? { counter } : {}), ...(bound ? { bound } : {}),
    ...(scoped.length ? { scoped } : {}), ...(walksSubresources(n) ? { subresources: true } : {}),
    ...(runsForever(n, cond) ? { forever: true } : {}), ...(counter?.exactlyOnce ? { once: true as const } : {}),
    ...(count ? { countParam: count } : {}),
  }]);
}

/**
 * A loop's body as one iteration runs it: the elements the loop picks by a name it moves (`a.[i].ready`) forgotten
 * first (each iteration starts on another element), then the body, then the update's effects.
 * NOTE: a function of its own, called after the body's walk returned: the walk's recursion through nested loops keeps
 * the frame of the closure that calls it as small as it was (test/unit/hostile-analysis.test.ts, nested for loops).
 */
function iteration(fn: FnCtx, n: SyntaxNode, body: Stmt, tail: Stmt[]): Stmt {
  const fresh = elementsIndexedBy(fn, varyingNames(n));
  if (fresh.length === 0) return tail.length ? seq([body, ...tail]) : body;
  return seq([{ k: 'forget', syms: fresh }, body, ...tail]);
}

/**
 * One iteration of an unrolled loop whose body starts over with `if (…) continue;` guards (unrolled-loops.ts): a guard
 * that holds on this iteration ends it, one that does not is passed over, and after one the iteration cannot decide,
 * the rest of the body may or may not run (a branch with nothing on its other side).
 */
function guardedIteration(body: SyntaxNode | null, fn: FnCtx, walk: (c: SyntaxNode | null) => Stmt): Stmt {
  if (body?.type !== 'compound_statement' || !body.namedChildren.some((c) => continueGuard(c))) return walk(body);
  const stmts = body.namedChildren;
  const run = (from: number): Stmt[] => {
    const out: Stmt[] = [];
    for (let i = from; i < stmts.length; i++) {
      const guard = continueGuard(stmts[i]);
      if (!guard) {
        out.push(walk(stmts[i]));
        continue;
      }
      const taken = unrolledTruth(conditionOf(guard, fn), fn, guard);
      if (taken === true) return out;
      if (taken === false) continue;
      const [rest] = fn.branches([() => seq(run(i + 1)), () => seq([])], true, unknownAt(stmts[i]), {});
      out.push({ k: 'if', then: { k: 'seq', body: [] }, else: rest, range: rangeOf(stmts[i]) });
      return out;
    }
    return out;
  };
  return seq(run(0));
}

function loopInit(n: SyntaxNode, fn: FnCtx): Stmt[] {
  const init = n.childForFieldName('initializer');
  if (!init) return [];
  return [...collect(fn, () => (init.type === 'declaration' ? handleDeclaration(init, fn, true) : expression(init, fn))), ...pathWrites(init, fn, undefined, conditionOf)];
}

/**
 * A loop of a few known iterations (unrolled-loops.ts) as the iterations in sequence: the counter holds its value in
 * each (the update's path writes keep a tested counter's value known to the tracker too), a range-for's variable is
 * the element itself (a reference) or a copy of it. The names the loop declares end with it, as after a loop.
 */
function unrolledLoop(n: SyntaxNode, fn: FnCtx, walk: (c: SyntaxNode | null) => Stmt, u: Unrolling, pre: Stmt[]): Stmt {
  const body = n.childForFieldName('body');
  const update = n.childForFieldName('update');
  const range = rangeOf(n);
  const typeNode = n.type === 'for_range_loop' ? n.childForFieldName('type') : null;
  const iterations: Stmt[] = [];
  const count = u.kind === 'counter' ? u.values.length : u.elems.length;
  insideUnrolled(fn, count, u.kind === 'counter' ? u.sym : undefined, () => insideTableLoop(fn, u.kind === 'counter' ? u.rows ?? [] : [], () => {
    for (let k = 0; k < count; k++) {
      if (u.kind === 'counter') fn.env.set(u.sym, numVal({ value: u.values[k], text: u.sym, range }));
      else {
        if (typeNode) fn.types.set(u.name, typeText(typeNode, n.childForFieldName('declarator')!));
        fn.env.set(u.name, u.byReference ? u.elems[k] : cloneVal(u.elems[k]));
      }
      iterations.push(guardedIteration(body, fn, walk));
      if (u.kind === 'counter' && update) iterations.push(...collect(fn, () => expression(update, fn)), ...pathWrites(update, fn, u.sym, conditionOf));
    }
  }));
  if (u.kind === 'counter') fn.env.set(u.sym, numVal({ value: u.after, text: u.sym, range }));
  const scoped = [...declaredNames(n)].filter((name) => !fn.params.includes(name)).sort();
  return { k: 'seq', body: [...pre, ...iterations], ...(scoped.length ? { scoped } : {}) };
}

/** `for (;;)`, `while (true)`, `do … while (1)`: the body runs, and the loop is left only by break or return. */
function runsForever(n: SyntaxNode, cond: SyntaxNode | null): boolean {
  if (n.type === 'for_range_loop') return false;
  if (!cond) return n.type === 'for_statement';
  return /^[\s(]*(?:true|TRUE|1)[\s)]*$/.test(cond.text);
}

/**
 * The names of declaredNames by node of a finished mirror. NOTE: a function body is asked again by each pass that
 * reads it (the walk's loops, the descriptor pass's scopes, member facts, path facts): one walk per body instead.
 */
const DECLARED = new WeakMap<SyntaxNode, ReadonlySet<string>>();

/**
 * Names declared anywhere inside `n`: local variables, range-for variables, structured bindings. Shared between
 * callers (never written to): made once per node of a finished mirror (one the index has numbered).
 */
export function declaredNames(n: SyntaxNode): ReadonlySet<string> {
  const known = DECLARED.get(n);
  if (known) return known;
  const names = namesDeclaredIn(n);
  if (n.order >= 0) DECLARED.set(n, names);
  return names;
}

function namesDeclaredIn(n: SyntaxNode): Set<string> {
  const names = new Set<string>();
  const declared = (d: SyntaxNode | null): void => {
    if (d?.type === 'structured_binding_declarator') {
      for (const id of d.namedChildren) if (id.type === 'identifier') names.add(id.text);
      return;
    }
    const name = localDeclaredName(d);
    if (name) names.add(name);
  };
  for (const r of [n, ...n.descendantsOfType('for_range_loop')]) if (r.type === 'for_range_loop') declared(r.childForFieldName('declarator'));
  for (const d of n.descendantsOfType('declaration')) {
    for (const c of d.childrenForFieldName('declarator')) declared(c);
  }
  return names;
}

/**
 * Names that are rebound on each iteration: loop variables, locals declared in the body, assigned or stepped names.
 * With `members`, an assigned member of a named variable is that member's path (`context.pipeline_state = NULL`
 * rebinds `context.pipeline_state`, not `context.render_target`); else its variable's name.
 */
function varyingNames(n: SyntaxNode, members = false): string[] {
  const names = new Set(declaredNames(n));
  for (const u of n.descendantsOfType(['update_expression', 'assignment_expression'])) {
    const target = u.type === 'update_expression' ? u.childForFieldName('argument') : u.childForFieldName('left');
    // `dst.pResource = i ? c : b;`: a resource named through `dst.pResource` is another one on the next iteration.
    const path = members && target?.type === 'field_expression' && namedMember(target) ? target.text.replace(/\s+/g, '').replace(/->/g, '.') : undefined;
    const root = path ?? rootName(target);
    if (root) names.add(root);
  }
  return [...names].sort();
}

/**
 * Scalars changed anywhere in a loop are unknown inside it (a counter is 0 only on the first iteration), and so are
 * the members of a struct declared before the loop that the loop assigns: `b.StateBefore = b.StateAfter;
 * b.StateAfter = next;` chains one barrier through the passes, and its first-pass value is not the next pass's.
 */
function forgetModified(n: SyntaxNode, fn: FnCtx): void {
  let inside: ReadonlySet<string> | undefined;
  for (const u of n.descendantsOfType(['update_expression', 'assignment_expression'])) {
    const target = u.type === 'update_expression' ? u.childForFieldName('argument') : u.childForFieldName('left');
    if (target?.type === 'identifier' && fn.env.get(target.text)?.t === 'num') {
      fn.env.set(target.text, numVal({ value: null, text: target.text, range: rangeOf(target) }));
    } else if (target?.type === 'field_expression' && namedMember(target) && !(inside ??= declaredNames(n)).has(rootName(target) ?? '')) {
      forgetMember(target, fn, 'written by the loop at line ' + (n.startPosition.row + 1));
    }
  }
}

/** `b.Transition.StateBefore`, `p->StateAfter`: members down to a variable's name (no element `b[i]`, no call). */
function namedMember(n: SyntaxNode): boolean {
  let o: SyntaxNode | null = n;
  while (o?.type === 'field_expression') o = o.childForFieldName('argument');
  return o?.type === 'identifier';
}

/**
 * `for (auto& b : barriers)`: b stands for each element in turn. It is bound (inside the loop) to a detached struct
 * whose members are unknown. After the loop, what the body wrote through a reference is applied to every element:
 * a constant written on every path of the body, when the loop visits exactly the known elements of a C array;
 * otherwise the member becomes unknown. `for (ID3D12Resource* r : list)`: r is a resource of unknown identity.
 */
function rangeElement(n: SyntaxNode, fn: FnCtx): { bind(): void; after(): void } | undefined {
  const decl = n.childForFieldName('declarator');
  const right = n.childForFieldName('right');
  const name = declaredName(decl);
  if (!decl || !right || !name) return undefined;
  const typeNode = n.childForFieldName('type');
  if (typeNode) fn.types.set(name, typeText(typeNode, decl));
  const coll = evalValue(right, 'any', fn);
  const range = rangeOf(decl);
  if (coll.t !== 'array' || !coll.elemKind) {
    const resource = isResourceType(typeNode?.text ?? '') || (coll.t === 'array' && coll.elems.some((e) => e.t === 'res'));
    fn.env.set(name, resource ? { t: 'res', ref: { key: null, text: name, range, unknown: true } } : { t: 'unknown', text: name, range });
    return undefined;
  }
  const kind = coll.elemKind;
  let each: StructVal | undefined;
  return {
    bind: () => {
      each = fn.created<StructVal>({ t: 'struct', kind, members: new Map(), zeroInit: false, site: -1, range, fromLoop: true, standIn: true });
      fn.env.set(name, each);
    },
    after: () => {
      if (!each || decl.type !== 'reference_declarator') return;
      const exact = !coll.container && !coll.loopElem && coll.elems.length > 0 && coll.elems.length === coll.length;
      for (const t of [...coll.elems, ...(coll.loopElem ? [coll.loopElem] : [])]) {
        if (t.t === 'struct') applyWritten(t, each, exact, range);
      }
    },
  };
}

/** Local arrays that already hold elements and no loop-written element before a loop. */
function arraysWithElements(fn: FnCtx): ArrayVal[] {
  const out: ArrayVal[] = [];
  for (const v of fn.env.values()) {
    if (v.t === 'array' && v.elems.length > 0 && !v.loopElem && !out.includes(v)) out.push(v);
  }
  return out;
}

/**
 * `for (i...) { swap(barriers[i].Before, barriers[i].After); }` over an array that already holds its barriers: the
 * loop changed some of those elements, it did not add one. What it wrote becomes unknown in every element, and no
 * extra "loop element" is left behind (it would be a zero-filled barrier that was never built).
 */
function updateInPlace(arr: ArrayVal, range: Range): void {
  const written = arr.loopElem;
  if (written?.t !== 'struct') return;
  // `barriers[0] = …; for (UINT i…) barriers[1 + i] = …;`: the loop wrote past the elements held, not over them.
  if (written.loopFloor !== undefined && written.loopFloor >= arr.elems.length) return;
  for (const e of arr.elems) if (e.t === 'struct') applyWritten(e, written, false, range);
  arr.loopElem = undefined;
}

/** Members written to `written` are set in `target`: known constants when `exact`, otherwise unknown. */
function applyWritten(target: StructVal, written: StructVal, exact: boolean, range: Range): void {
  for (const [member, v] of written.members) {
    const current = getMember(target, member);
    if (v.t === 'struct' && current.t === 'struct') applyWritten(current, v, exact, range);
    else if (exact && v.t === 'num' && v.f.value !== null && v.f.param === undefined) target.members.set(member, v);
    else target.members.set(member, numVal({ value: null, text: `${member} (written in a loop)`, range }));
  }
}

export function expression(e: SyntaxNode, fn: FnCtx): void {
  switch (e.type) {
    case 'assignment_expression': handleAssignment(e, fn); return;
    case 'comma_expression': for (const c of e.namedChildren) expression(c, fn); return;
    case 'update_expression': {
      indexValue(e, fn);
      const target = e.childForFieldName('argument');
      if (target) recordReindex(target, e, fn);
      return;
    }
    case 'call_expression':
      if (!(queueMethodCall(e, fn) || handleContainerCall(e, fn) || handleSwapCall(e, fn))) evalValue(e, 'any', fn);
      recordEndShift(e, fn);
      return;
    default: visitCalls(e, fn);
  }
}

/** The join option for a branch on a bare parameter (extract/param-choices.ts). */
function paramKeysOption(keys: ParamKeys | undefined): { paramKeys?: ParamKeys } {
  return keys ? { paramKeys: keys } : {};
}

/** An if on a parameter (`if (flag)`, `if (kind == K)`): the callers choose its branch, and these keys say how. */
function paramChoiceOf(keys: ParamKeys | undefined): { paramChoice?: true; paramKeys?: ParamKeys } {
  return keys ? { paramChoice: true, paramKeys: keys } : {};
}
