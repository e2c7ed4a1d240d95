// State-tracking wrappers: the engine idiom that keeps a resource's state in its own bookkeeping and records a
// barrier only when the wanted state differs (bgfx `setState`, MiniEngine `TransitionResource`, `Texture::Transition`):
//
//   if (m_state != s) { barrier(res, m_state → s); m_state = s; }          'then': the branch is the transition
//   if (m_state != s) barrier(res, m_state → s);  m_state = s;             'then' too (the store right after the if)
//   if (state == s) return state;  barrier(res, state → s);  state = s;     'skip': the early return is "already there"
//   if (m_state == C) { barrier(res, C → s); m_state = s; }                 'is': the bookkeeping says `res` is in C
//
// Read as its author means it: afterwards the resource is in `s` on every path (the skipped path is the one where the
// bookkeeping says it already is), so the tracker follows the transition whenever the test is undecided. For 'is'
// (a first-use transition out of a known state), the branch runs exactly when the resource is in C: the tracker
// decides it by the resource's tracked state (track/bookkeeping.ts).
import type { SyntaxNode } from './node';
import { firstUseGuard } from './first-use-guards';
import { calleeName, unwrapValue } from './syntax';

export type StateGuard = 'then' | 'skip' | 'is';

const norm = (t: string): string => t.replace(/\s+/g, '').replace(/^this->/, '').replace(/^\(\*this\)\./, '');

const SWAPS = new Set(['xchg', 'swap', 'exchange', 'Swap']);

/**
 * The setter that goes with a getter the test reads (`res.GetState()` → object `res`, property `state`), or undefined
 * when the tested value is not a getter call.
 */
function getterOf(tested: string): { object: string; property: string } | undefined {
  const m = /^(?:(.*?)(?:\.|->))?[Gg]et_?(\w+)\(\)$/.exec(tested);
  return m ? { object: m[1] ?? '', property: m[2].toLowerCase() } : undefined;
}

/** `res.SetState(want)` for a tested `res.GetState()` (the property's name compared without case). */
function setsThroughSetter(call: SyntaxNode, name: string, args: SyntaxNode[], tracked: ReadonlySet<string>, want: string): boolean {
  const m = /^[Ss]et_?(\w+)$/.exec(name);
  if (!m || args.length !== 1 || norm(args[0].text) !== want) return false;
  const f = call.childForFieldName('function');
  const object = f?.type === 'field_expression' ? norm(f.childForFieldName('argument')?.text ?? '') : '';
  return [...tracked].some((t) => {
    const g = getterOf(t);
    return !!g && g.object === object && g.property === m[1].toLowerCase();
  });
}

/**
 * Whether `body` assigns `want` to the bookkeeping `tracked` (`tracked = want`, `xchg(tracked, want)`, or the setter
 * of a tested getter: `res.SetState(want)` for `res.GetState()`).
 */
function stores(body: SyntaxNode, tracked: ReadonlySet<string>, want: string): boolean {
  for (const a of body.descendantsOfType(['assignment_expression', 'call_expression'])) {
    if (a.type === 'assignment_expression') {
      if (a.child(1)?.type !== '=') continue;
      const l = a.childForFieldName('left');
      const r = a.childForFieldName('right');
      if (l && r && norm(unwrapValue(r).text) === want && (tracked.has(norm(l.text)) || setsEveryElement(l, tracked))) return true;
      continue;
    }
    const f = a.childForFieldName('function');
    const name = f ? calleeName(f) : undefined;
    const args = a.childForFieldName('arguments')?.namedChildren ?? [];
    if (name && SWAPS.has(name) && args.length === 2 && tracked.has(norm(args[0].text)) && norm(args[1].text) === want) return true;
    if (name === 'fill' && fillsTracked(args, tracked, want)) return true;
    if (name && setsThroughSetter(a, name, args, tracked, want)) return true;
  }
  return false;
}

/**
 * `std::fill(states.begin(), states.end(), want)` (or `std::begin(states)`) for a tested element `states[i]`: the
 * per-subresource bookkeeping set to `want` as a whole.
 */
function fillsTracked(args: SyntaxNode[], tracked: ReadonlySet<string>, want: string): boolean {
  if (args.length !== 3 || norm(args[2].text) !== want) return false;
  const first = norm(args[0].text);
  const container = /^(.+?)(?:\.|->)begin\(\)$/.exec(first)?.[1] ?? /^(?:std::)?begin\((.+)\)$/.exec(first)?.[1];
  return !!container && elementContainers(tracked).includes(container);
}

/** The container a tested element `states[i]` belongs to, for each tested name that is an element. */
function elementContainers(tracked: ReadonlySet<string>): string[] {
  return [...tracked].map((t) => /^(.+)\[[^\]]*\]$/.exec(t)?.[1]).filter((c): c is string => !!c);
}

/** `for (auto& s : states) s = want;` for a tested element `states[i]`: the loop's reference sets every element. */
function setsEveryElement(left: SyntaxNode, tracked: ReadonlySet<string>): boolean {
  if (left.type !== 'identifier') return false;
  for (let p = left.parent; p; p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'lambda_expression') return false;
    if (p.type !== 'for_range_loop') continue;
    const decl = p.childForFieldName('declarator');
    const name = decl?.descendantsOfType('identifier').find((n) => n.text === left.text);
    if (!decl || decl.type !== 'reference_declarator' || !name) continue;
    const range = p.childForFieldName('right');
    return !!range && elementContainers(tracked).includes(norm(range.text));
  }
  return false;
}

/** Whether `body` assigns anything to the bookkeeping `tracked` (`tracked = next`). */
function storesAny(body: SyntaxNode, tracked: ReadonlySet<string>): boolean {
  return body.descendantsOfType('assignment_expression').some((a) => {
    const l = a.childForFieldName('left');
    return a.child(1)?.type === '=' && !!l && tracked.has(norm(l.text));
  });
}

/**
 * The names the tested value stands for: itself, and what a local copy of it was initialised from — both values of
 * a conditional initialiser (`it != m_states.end() ? it->second : COMMON`, a map tracker's lookup with a default),
 * and for a map iterator's `it->second` the entry `m_states[res]` it found (`auto it = m_states.find(res)`).
 */
function trackedNames(side: string, fnBody: SyntaxNode | null): Set<string> {
  const out = new Set([side]);
  if (!fnBody || !/^\w+$/.test(side)) return out;
  const inits = initialisersOf(fnBody);
  for (const init of inits.get(side) ?? []) {
    out.add(init);
    for (const v of conditionalValues(fnBody, side)) {
      out.add(v);
      const it = /^(\w+)->second$/.exec(v)?.[1];
      for (const found of it ? inits.get(it) ?? [] : []) {
        const m = /^(.+)\.find\((.+)\)$/.exec(found);
        if (m) out.add(`${m[1]}[${m[2]}]`);
      }
    }
  }
  return out;
}

/** Both values of `name`'s conditional initialisers (`auto s = c ? a : b;`), normalised. */
function conditionalValues(fnBody: SyntaxNode, name: string): string[] {
  const out: string[] = [];
  for (const d of fnBody.descendantsOfType('init_declarator')) {
    const value = d.childForFieldName('value');
    if (d.childForFieldName('declarator')?.text !== name || !value) continue;
    const v = unwrapValue(value);
    if (v.type !== 'conditional_expression') continue;
    for (const f of ['consequence', 'alternative']) {
      const x = v.childForFieldName(f);
      if (x) out.push(norm(unwrapValue(x).text));
    }
  }
  return out;
}

// NOTE: every `if` of a body asks for its local copies (once per side, and per following statement for an early
// return): the body's initialisers are read once, by declared name, instead of on each question.
const initialisers = new WeakMap<SyntaxNode, Map<string, string[]>>();

/** A body's locals initialised from a value (`auto s = m_state;`), by name: the values, normalised, in order. */
function initialisersOf(fnBody: SyntaxNode): ReadonlyMap<string, string[]> {
  let byName = initialisers.get(fnBody);
  if (byName) return byName;
  byName = new Map();
  for (const d of fnBody.descendantsOfType('init_declarator')) {
    const name = d.childForFieldName('declarator');
    const value = d.childForFieldName('value');
    if (name?.type !== 'identifier' || !value) continue;
    const list = byName.get(name.text);
    if (list) list.push(norm(unwrapValue(value).text));
    else byName.set(name.text, [norm(unwrapValue(value).text)]);
  }
  initialisers.set(fnBody, byName);
  return byName;
}

function enclosingBody(n: SyntaxNode): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'lambda_expression') return p.childForFieldName('body');
  }
  return null;
}

function onlyReturns(n: SyntaxNode | null): boolean {
  if (!n) return false;
  if (n.type === 'return_statement') return true;
  return n.type === 'compound_statement' && n.namedChildren.length === 1 && n.namedChildren[0].type === 'return_statement';
}

/**
 * The calls of a getter/setter guard that only read or write the wrapper's bookkeeping: the tested getter
 * (`r.GetState()`, in the test and as the barrier's before-value) and its setter (`r.SetState(want)`). They change no
 * resource state; read as unknown calls on `r` (whose names say "state"), they would forget `r`'s resource and undo
 * the summary the guard stands for. The calls' positions (`line:column`); empty unless the guard reads a getter.
 */
export function bookkeepingAccessors(n: SyntaxNode): Set<string> {
  const out = new Set<string>();
  const at = (c: SyntaxNode) => `${c.range.startLine}:${c.range.startColumn}`;
  const cond = n.childForFieldName('condition');
  const then = n.childForFieldName('consequence');
  if (!cond || !then) return out;
  const getters = new Map<string, { object: string; property: string }>();
  for (const c of cond.descendantsOfType('call_expression')) {
    const g = getterOf(norm(c.text));
    if (g) getters.set(norm(c.text), g);
  }
  if (!getters.size) return out;
  for (const c of [...cond.descendantsOfType('call_expression'), ...then.descendantsOfType('call_expression')]) {
    const text = norm(c.text);
    if (getters.has(text)) {
      out.add(at(c));
      continue;
    }
    const f = c.childForFieldName('function');
    const m = f?.type === 'field_expression' ? /^[Ss]et_?(\w+)$/.exec(calleeName(f) ?? '') : null;
    const object = f?.type === 'field_expression' ? norm(f.childForFieldName('argument')?.text ?? '') : '';
    if (m && [...getters.values()].some((g) => g.object === object && g.property === m[1].toLowerCase())) out.add(at(c));
  }
  return out;
}

/** The named siblings after `n` in its parent. */
function siblingsAfter(n: SyntaxNode): SyntaxNode[] {
  const siblings = n.parent?.namedChildren ?? [];
  const at = siblings.findIndex((c) => c.startIndex === n.startIndex && c.type === n.type);
  return at >= 0 ? siblings.slice(at + 1) : [];
}

/** The statement after `n` in its block, if any. */
export function nextStatement(n: SyntaxNode): SyntaxNode | undefined {
  return siblingsAfter(n).find((c) => c.type !== 'comment');
}

/**
 * The comparisons a guard's test makes: one (`a != b`), or several joined so that the guard means the same for each
 * (`layout != want || access != wantAccess`: the branch runs unless all are already there; `layout == want &&
 * access == wantAccess`: the early return is taken only when all are). Undefined for any other test.
 */
function comparisons(c: SyntaxNode): { op: string; pairs: [SyntaxNode, SyntaxNode][] } | undefined {
  const op = c.child(1)?.type;
  const l = c.childForFieldName('left');
  const r = c.childForFieldName('right');
  if (!l || !r) return undefined;
  if (op === '!=' || op === '==') return { op, pairs: [[l, r]] };
  if (op !== '||' && op !== '&&') return undefined;
  const a = comparisons(unwrapValue(l));
  const b = comparisons(unwrapValue(r));
  const leaf = op === '||' ? '!=' : '==';
  if (a?.op === leaf && b?.op === leaf) return { op: leaf, pairs: [...a.pairs, ...b.pairs] };
  // `state != want && state != alsoFine` on one piece of bookkeeping: the branch runs unless it is in either, and
  // moves it to `want` (a state that already serves the use, such as GENERIC_READ for a copy source, is left alone).
  if (op === '&&' && a?.op === '!=' && b?.op === '!=' && oneTested([...a.pairs, ...b.pairs])) return { op: '!=', pairs: [...a.pairs, ...b.pairs] };
  return undefined;
}

/** Whether every comparison tests the same value against a different one (`s != A && s != B`). */
function oneTested(pairs: [SyntaxNode, SyntaxNode][]): boolean {
  const sides = pairs.map(([l, r]) => [norm(l.text), norm(r.text)]);
  return sides.some(([t]) => sides.every(([l, r]) => l === t || r === t)) || sides.some(([, t]) => sides.every(([l, r]) => l === t || r === t));
}

/** The object a call is made on (`res` of `res.F()`, `res->F()`; '' for a plain `F()` of the enclosing class), and its name. */
function receiverCall(call: SyntaxNode): { object: string; name: string; args: SyntaxNode[] } | undefined {
  const f = call.childForFieldName('function');
  const object = f?.type === 'field_expression' ? norm(f.childForFieldName('argument')?.text ?? '') : f?.type === 'identifier' ? '' : undefined;
  const name = f ? calleeName(f) : undefined;
  return object === undefined || !name ? undefined : { object, name, args: call.childForFieldName('arguments')?.namedChildren ?? [] };
}

/**
 * `if (!res.IsInState(want)) { auto b = res.MoveTo(want); cl->ResourceBarrier(1, &b); }` (or `res.GetState() != want`):
 * the test asks the object's own bookkeeping (a query whose name says "state"), and the branch submits the barrier
 * another method of the same object returns for the tested state, a method that keeps the bookkeeping in its body.
 * Afterwards the object is in `want` on every path: 'then', as a guard that stores the bookkeeping itself.
 */
function asksAndHands(c: SyntaxNode, then: SyntaxNode | null): boolean {
  if (!then) return false;
  let asked: ReturnType<typeof receiverCall>;
  let want: string | undefined;
  if (c.type === 'unary_expression' && c.childForFieldName('operator')?.type === '!') {
    const q = c.childForFieldName('argument');
    const call = q ? unwrapValue(q) : null;
    asked = call?.type === 'call_expression' ? receiverCall(call) : undefined;
    want = asked?.args.length === 1 ? norm(asked.args[0].text) : undefined;
  } else if (c.type === 'binary_expression' && c.child(1)?.type === '!=') {
    const sides = [c.childForFieldName('left'), c.childForFieldName('right')].map((x) => (x ? unwrapValue(x) : null));
    const at = sides.findIndex((x) => x?.type === 'call_expression');
    asked = at >= 0 ? receiverCall(sides[at]!) : undefined;
    want = asked?.args.length === 0 && sides[1 - at] ? norm(sides[1 - at]!.text) : undefined;
  }
  if (!asked || !want || !/state/i.test(asked.name)) return false;
  const submitted = submittedNames(then);
  return then.descendantsOfType('call_expression').some((call) => {
    const handed = receiverCall(call);
    const into = handed && handed.object === asked.object && handed.name !== asked.name && handed.args.some((a) => norm(a.text) === want) ? heldIn(call) : undefined;
    return !!into && submitted.has(into);
  });
}

/** The local a call's value is kept in (`auto b = x.F(…)`, `b = x.F(…)`), if any. */
function heldIn(call: SyntaxNode): string | undefined {
  const p = call.parent;
  if (p?.type === 'init_declarator' && p.childForFieldName('value')?.startIndex === call.startIndex) return norm(p.childForFieldName('declarator')?.text ?? '');
  if (p?.type === 'assignment_expression' && p.childForFieldName('right')?.startIndex === call.startIndex) return norm(p.childForFieldName('left')?.text ?? '');
  return undefined;
}

/** The names a block hands to `ResourceBarrier` (`cl->ResourceBarrier(1, &b)`: `b`). */
function submittedNames(body: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const call of body.descendantsOfType('call_expression')) {
    const f = call.childForFieldName('function');
    if (!f || calleeName(f) !== 'ResourceBarrier') continue;
    for (const a of call.childForFieldName('arguments')?.namedChildren ?? []) out.add(norm(a.text).replace(/^&/, ''));
  }
  return out;
}

/** The state-tracking guard an `if` statement is, if any. */
export function stateGuard(n: SyntaxNode): StateGuard | undefined {
  const cond = n.childForFieldName('condition');
  const c = cond ? unwrapValue(cond.type === 'condition_clause' ? cond.childForFieldName('value') ?? cond : cond) : null;
  // A map tracker's first sight of the resource records the wanted state and returns: "now in s" as well.
  if (firstUseGuard(n, () => enclosingBody(n), () => statementsAfter(n, enclosingBody(n)))) return 'skip';
  if (c && !n.childForFieldName('alternative') && asksAndHands(c, n.childForFieldName('consequence'))) return 'then';
  if (c?.type !== 'binary_expression') return undefined;
  const tests = comparisons(c);
  const op = tests?.op;
  if (!tests || (op !== '!=' && op !== '==')) return undefined;
  const body = enclosingBody(n);
  const sides: [string, string][] = tests.pairs.flatMap(([l, r]) => [[norm(l.text), norm(r.text)], [norm(r.text), norm(l.text)]] as [string, string][]);
  const then = n.childForFieldName('consequence');
  if (op === '!=') {
    if (!then) return undefined;
    if (sides.some(([t, w]) => stores(then, trackedNames(t, body), w))) return 'then';
    // `if (tracked != s) barrier(res, tracked → s);  tracked = s;` — the store right after the if, on every path.
    const next = n.childForFieldName('alternative') ? undefined : nextStatement(n);
    return next?.type === 'expression_statement' && sides.some(([t, w]) => stores(next, trackedNames(t, body), w)) ? 'then' : undefined;
  }
  if (then && !onlyReturns(then) && tests.pairs.length === 1 && sides.some(([t]) => storesAny(then, trackedNames(t, body)))) return 'is';
  if (n.childForFieldName('alternative') || !onlyReturns(then)) return undefined;
  const rest = statementsAfter(n, body);
  return sides.some(([t, w]) => rest.some((s) => stores(s, trackedNames(t, body), w))) ? 'skip' : undefined;
}

/**
 * The bookkeeping a 'then' or 'skip' guard tests and stores (`m_state`, `Resource.m_UsageState`, and for a local copy
 * `const before = currentState;` both names), normalised; empty for any other test. Read by rules that compare the
 * code base's own use of its bookkeeping (untested-bookkeeping-transition).
 */
export function guardBookkeeping(n: SyntaxNode): string[] {
  const cond = n.childForFieldName('condition');
  const c = cond ? unwrapValue(cond.type === 'condition_clause' ? cond.childForFieldName('value') ?? cond : cond) : null;
  const tests = c?.type === 'binary_expression' ? comparisons(c) : undefined;
  if (!tests || (tests.op !== '!=' && tests.op !== '==')) return [];
  const body = enclosingBody(n);
  const then = n.childForFieldName('consequence');
  const next = tests.op === '!=' && !n.childForFieldName('alternative') ? nextStatement(n) : undefined;
  const rest = tests.op === '==' && then && onlyReturns(then) ? statementsAfter(n, body) : [];
  const out = new Set<string>();
  for (const [l, r] of tests.pairs) {
    for (const [t, w] of [[norm(l.text), norm(r.text)], [norm(r.text), norm(l.text)]]) {
      const names = trackedNames(t, body);
      const stored = tests.op === '!='
        ? (!!then && stores(then, names, w)) || (next?.type === 'expression_statement' && stores(next, names, w))
        : rest.some((s) => stores(s, names, w));
      if (stored) for (const name of names) out.add(name);
    }
  }
  return [...out];
}

/**
 * The statements that run after `n` when it does not return: its following siblings, then those of each enclosing
 * statement up to the function body (an early return nested in a per-subresource `if`/`else` is followed by the
 * transition and the bookkeeping update after that `if`).
 */
function statementsAfter(n: SyntaxNode, body: SyntaxNode | null): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let s: SyntaxNode | null = n; s?.parent && (!body || s.startIndex !== body.startIndex); s = s.parent) {
    if (s.parent.type === 'compound_statement') out.push(...siblingsAfter(s));
    if (s.parent.type === 'function_definition' || s.parent.type === 'lambda_expression') break;
  }
  return out;
}
