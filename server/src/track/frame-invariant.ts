// The frame invariant, narrowly: a per-frame method that alone moves a member texture must leave it in the state
// its own first barrier names, or its next call starts from the wrong state (#527 on the second frame: a texture
// moved UNORDERED_ACCESS → PIXEL_SHADER_RESOURCE with no way back, a render target left in RENDER_TARGET when the
// frame's first barrier names PIXEL_SHADER_RESOURCE, a depth buffer left in DEPTH_READ).
//
// Whole-file analyses only (the editor's reduced document lacks the other methods; lsp/frame-scope.ts makes the
// function path decline where this could answer). A finding needs all of:
//  - the member is one of extract/frame-members.ts (created by the file; every mention that could move it lies in
//    one method that names a barrier, tests or indexes with none of its parameters and tests no member it assigns);
//  - that method is per frame: its name is a frame entry's (Render, OnRender, Draw, Frame, Tick, Update, Paint,
//    PopulateCommandList …), or a loop of the file calls it, or a method with such a name calls it. One level only:
//    what decides it is in the method's own name or in the text of a function that names it;
//  - the member is a texture not made for simultaneous access (no decay, no promotion between frames), every
//    creation of it is in a function that is not per frame and that the method does not reach (re-created each
//    frame, the next call meets the creation state);
//  - the method's run from an empty state assumed one known legacy state at the member's first barrier and leaves
//    one known state (every path, no split pending, not COMMON) that the first barrier's before-state does not accept;
//  - every known creation state of the member is one the first barrier accepts (else the first call is already
//    wrong: that report is the caller chain's), and no error or warning of the method names the member already (the first call's own bug is that report, not the
//    next call's; an info's advice is no bug).
// The method is then run once more with the member in the state it left, and only the legacy-state-mismatch at that
// first barrier is kept: the report says the state came from the previous call.
import { declaresName, type FileFacts, type FunctionFacts, type ResourceCreation, type Stmt } from '../extract/facts';
import type { FrameMember } from '../extract/frame-members';
import { forEachEvent } from '../extract/events';
import { formatEnumValue } from '../model/format-values';
import { legacyStateAccepts } from '../model/legacy-states-compat';
import type { Range, ReportedFinding } from '../types';
import type { TrackEnv } from './env';
import { exactly, FRESH, type KnownResource, TrackState, type Origin, type ResState } from './state';

const FRAME_NAMES = /^(?:On)?(?:Render|Draw|Frame|RenderFrame|DrawFrame|Tick|Update|Paint|PopulateCommandList)$/;
/** Created in a state only a texture can be in: RENDER_TARGET, DEPTH_WRITE, DEPTH_READ, RESOLVE_DEST, RESOLVE_SOURCE. */
const TEXTURE_ONLY_STATES = 0x4 | 0x10 | 0x20 | 0x1000 | 0x2000;
const SIMULTANEOUS_ACCESS = 0x20;

const lastName = (callee: string): string => /([A-Za-z_~]\w*)\s*$/.exec(callee)?.[1] ?? callee;
/** `m_tex` of `this->m_tex`, `m_tex.Get()`; undefined for anything with a subscript or another member. */
export const memberRoot = (text: string | undefined): string | undefined =>
  text ? /^(?:this\s*->\s*)?([A-Za-z_]\w*)(?:\s*\.\s*Get\s*\(\s*\))?$/.exec(text.trim())?.[1] : undefined;

function callsIn(body: Stmt, visit: (callee: string, inLoop: boolean) => void): void {
  const walk = (s: Stmt, loop: boolean): void => {
    switch (s.k) {
      case 'seq': s.body.forEach((b) => walk(b, loop)); return;
      case 'if': walk(s.then, loop); if (s.else) walk(s.else, loop); return;
      case 'switch': s.cases.forEach((c) => walk(c, loop)); return;
      case 'loop': walk(s.body, loop || !s.once); return;
      case 'event': if (s.event.kind === 'user-call') visit(lastName(s.event.callee), loop); return;
      default: return;
    }
  };
  walk(body, false);
}

/**
 * The facts with the members a header's class makes frame members (extract/header-frame-members.ts): frame members,
 * and members their method alone moves in the scope the language server watches (frameCarryOf).
 */
export function withHeaderFrameMembers(facts: FileFacts, members: readonly FrameMember[] | undefined): FileFacts {
  if (!members?.length) return facts;
  const at = (a: Range, b: Range): boolean => a.startLine === b.startLine && a.startColumn === b.startColumn;
  const frameMembers = [...facts.frameMembers ?? [], ...members].sort((a, b) => a.name.localeCompare(b.name));
  const scope = facts.frameScope;
  const movers = scope?.movers.map((m) => {
    const more = members.filter((x) => at(x.method, m.range) && !m.alone.includes(x.name)).map((x) => x.name);
    return more.length ? { ...m, alone: [...m.alone, ...more].sort() } : m;
  });
  return { ...facts, frameMembers, ...(scope && movers ? { frameScope: { ...scope, movers } } : {}) };
}

/** A candidate method with the members it alone moves. */
export interface FrameCandidate {
  fn: FunctionFacts;
  members: string[];
}

export function isTexture(c: ResourceCreation): boolean {
  const st = c.initialState?.value;
  const texture = c.dimension !== null ? c.dimension !== 'buffer' : st !== undefined && st !== null && (st & TEXTURE_ONLY_STATES) !== 0;
  return texture && !c.swapChain && c.flags !== null && (c.flags & SIMULTANEOUS_ACCESS) === 0;
}

interface FileCalls {
  byName: Map<string, FunctionFacts[]>;
  callees: Map<FunctionFacts, Set<string>>;
  perFrame: (fn: FunctionFacts) => boolean;
}

function fileCalls(facts: FileFacts): FileCalls {
  const byName = new Map<string, FunctionFacts[]>();
  for (const fn of facts.functions) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
  const inLoop = new Set<string>();
  const calledByFrameNamed = new Set<string>();
  const callees = new Map<FunctionFacts, Set<string>>();
  for (const fn of facts.functions) {
    const own = new Set<string>();
    callsIn(fn.body, (callee, loop) => {
      own.add(callee);
      if (loop) inLoop.add(callee);
      if (FRAME_NAMES.test(fn.name)) calledByFrameNamed.add(callee);
    });
    callees.set(fn, own);
  }
  const perFrame = (fn: FunctionFacts): boolean => FRAME_NAMES.test(fn.name) || inLoop.has(fn.name) || calledByFrameNamed.has(fn.name);
  return { byName, callees, perFrame };
}

/** The functions of the file `from`'s calls reach, by name, `from` included. */
function reach(calls: FileCalls, from: FunctionFacts): Set<FunctionFacts> {
  const seen = new Set<FunctionFacts>([from]);
  const todo = [from];
  while (todo.length) {
    for (const name of calls.callees.get(todo.pop()!) ?? []) {
      for (const g of calls.byName.get(name) ?? []) if (!seen.has(g)) { seen.add(g); todo.push(g); }
    }
  }
  return seen;
}

/** Every creation of each member: the function it is in, whether it is a texture kept out of decay, its known state. */
export function creationsOf(facts: FileFacts): Map<string, { fn: FunctionFacts; texture: boolean; state?: number; creation: ResourceCreation }[]> {
  const out = new Map<string, { fn: FunctionFacts; texture: boolean; state?: number; creation: ResourceCreation }[]>();
  for (const fn of facts.functions) {
    forEachEvent(fn.body, (e) => {
      if (e.kind !== 'resource-creation') return;
      const name = memberRoot(e.creation.resource.key ?? undefined);
      const st = e.creation.initialState?.value;
      const state = st === undefined || st === null || e.creation.initialStateOneOf ? undefined : st >>> 0;
      if (name) out.set(name, [...(out.get(name) ?? []), { fn, texture: isTexture(e.creation), creation: e.creation, ...(state !== undefined ? { state } : {}) }]);
    });
  }
  return out;
}

/** Per member, the known states its creations set (the first call's entry when the creating function moves it no further). */
export function creationStatesOf(facts: FileFacts): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [name, made] of creationsOf(facts)) out.set(name, made.flatMap((m) => (m.state === undefined ? [] : [m.state])));
  return out;
}

const atRange = (facts: FileFacts, r: Range): FunctionFacts | undefined =>
  facts.functions.find((f) => f.range.startLine === r.startLine && f.range.startColumn === r.startColumn && !f.lambda && !f.name.startsWith('<'));

/** The file's per-frame methods with the members they alone move (see the header). */
export function frameCandidates(facts: FileFacts): Map<FunctionFacts, string[]> {
  return soleMovers(facts, true);
}

/**
 * The methods with the members they alone move, created only in functions the method does not reach and that do not
 * run every frame; with `perFrame`, only methods that run every frame (the next call needs it, the first does not).
 */
function soleMovers(facts: FileFacts, perFrame: boolean): Map<FunctionFacts, string[]> {
  const out = new Map<FunctionFacts, string[]>();
  if (!facts.frameMembers?.length) return out;
  const calls = fileCalls(facts);
  const creations = creationsOf(facts);
  for (const m of facts.frameMembers) {
    const fn = atRange(facts, m.method);
    if (!fn || (perFrame && !calls.perFrame(fn)) || (fn.locals ?? []).includes(m.name)) continue;
    const made = creations.get(m.name) ?? [];
    const reached = reach(calls, fn);
    if (made.length === 0 || made.some((c) => !c.texture || reached.has(c.fn) || calls.perFrame(c.fn))) continue;
    out.set(fn, [...(out.get(fn) ?? []), m.name]);
  }
  return out;
}

/**
 * What a function-only analysis of a method needs from the whole file to decide its frame members as the whole file
 * would (lsp/frame-scope.ts): for each method that is per frame (its callers decide), the members it alone moves
 * whose creating functions are not per frame (their callers decide). The rest — the method's own text, what its
 * calls reach, the creations — is read again from the reduced document (frameEntryCandidates).
 */
export interface FrameCarry {
  range: Range;
  members: string[];
  /**
   * The members whose first call the whole file checks in this method (firstCallMembers): the reduced document may
   * leave out another function that moves them, so only these are checked there.
   */
  firsts?: string[];
}

export function frameCarryOf(facts: FileFacts): FrameCarry[] {
  const scope = facts.frameScope;
  if (!scope) return [];
  const calls = fileCalls(facts);
  const out: FrameCarry[] = [];
  for (const m of scope.movers) {
    const fn = m.alone.length ? atRange(facts, m.range) : undefined;
    if (!fn || !calls.perFrame(fn)) continue;
    const members = m.alone.filter((name) => (scope.makers[name] ?? []).every((maker) => (calls.byName.get(maker) ?? []).every((g) => !calls.perFrame(g))));
    if (members.length) out.push({ range: m.range, members });
  }
  for (const [fn, members] of firstCallMembers(facts)) {
    const at = out.find((c) => c.range.startLine === fn.range.startLine && c.range.startColumn === fn.range.startColumn);
    if (at) at.firsts = [...members.keys()].sort();
    else out.push({ range: fn.range, members: [], firsts: [...members.keys()].sort() });
  }
  return out;
}

/** The first-call members of a function-only analysis: those the whole file checked (FrameCarry.firsts) that still qualify. */
export function firstCallEntryMembers(facts: FileFacts, carry: readonly FrameCarry[]): Map<FunctionFacts, Map<string, FirstCallMember>> {
  const out = new Map<FunctionFacts, Map<string, FirstCallMember>>();
  for (const [fn, members] of firstCallMembers(facts)) {
    const c = carry.find((x) => x.range.startLine === fn.range.startLine && x.range.startColumn === fn.range.startColumn);
    const kept = new Map([...members].filter(([name]) => c?.firsts?.includes(name)));
    if (kept.size) out.set(fn, kept);
  }
  return out;
}

/** The frame candidates of a function-only analysis: the carried members its reduced document still makes candidates. */
export function frameEntryCandidates(facts: FileFacts, carry: readonly FrameCarry[]): Map<FunctionFacts, string[]> {
  const out = new Map<FunctionFacts, string[]>();
  const calls = fileCalls(facts);
  const creations = creationsOf(facts);
  for (const c of carry) {
    const fn = atRange(facts, c.range);
    if (!fn) continue;
    const own = new Set((facts.frameMembers ?? []).filter((m) => m.method.startLine === c.range.startLine && m.method.startColumn === c.range.startColumn).map((m) => m.name));
    const reached = reach(calls, fn);
    const members = c.members.filter((name) => {
      const made = creations.get(name) ?? [];
      return own.has(name) && !(fn.locals ?? []).includes(name) && made.length > 0 && made.every((m) => m.texture && !reached.has(m.fn));
    });
    if (members.length) out.set(fn, members);
  }
  return out;
}

/** A member whose next call is checked: its key, the state the call left it in, and its first barrier. */
export interface NextCall {
  key: string;
  name: string;
  seed: ResState;
  at: Range;
  /** Whether a finding's resource text names it, where the member is reached through a getter (elsewhere-entry.ts). */
  names?: (resource: string) => boolean;
  /** The creation another file made of it, known under the key for the run (elsewhere-entry.ts: texture or buffer decides promotion). */
  known?: KnownResource;
}

/**
 * The first call of a method that alone moves a member (a frame candidate, per frame or not: the first call needs no
 * later one): a member whose every creation sets one known state (not COMMON: a texture promotes out of it), in
 * functions that do not move it afterwards (FrameScope.remade), is in that state when the method first runs. When the method's first barrier on it names a state the creation state
 * does not satisfy, the first call is wrong (#527 on the first frame). Not when a function of the file calls both a
 * creating function and the method: that caller's chain reports it (the creation's state is tracked into the call).
 * The editor's function path runs it too; it declines an edit of a creating function's states (firstCallScope).
 */
export interface FirstCallMember {
  state: number;
  creation: ResourceCreation;
  makers: FunctionFacts[];
}

/** Per frame candidate, the members whose first call can be checked (see FirstCallMember). */
export function firstCallMembers(facts: FileFacts): Map<FunctionFacts, Map<string, FirstCallMember>> {
  const out = new Map<FunctionFacts, Map<string, FirstCallMember>>();
  const frames = soleMovers(facts, false);
  if (frames.size === 0) return out;
  const remade = new Set(facts.frameScope?.remade ?? []);
  const creations = creationsOf(facts);
  const calls = fileCalls(facts);
  let reaches: Map<FunctionFacts, Set<FunctionFacts>> | undefined;
  for (const [fn, members] of frames) {
    for (const name of members) {
      const made = creations.get(name) ?? [];
      const states = new Set(made.map((m) => m.state));
      const state = made[0]?.state;
      if (remade.has(name) || states.size !== 1 || state === undefined || state === 0) continue;
      if (made.some((m) => m.creation.initialLayout || declaresName(m.fn, name))) continue;
      const makers = [...new Set(made.map((m) => m.fn))];
      reaches ??= new Map(facts.functions.map((g) => [g, reach(calls, g)]));
      const joined = [...reaches].some(([g, r]) => g !== fn && r.has(fn) && makers.some((m) => m !== g && r.has(m)));
      if (joined) continue;
      const entry = out.get(fn) ?? new Map<string, FirstCallMember>();
      entry.set(name, { state, creation: made[0].creation, makers });
      out.set(fn, entry);
    }
  }
  return out;
}

/**
 * The functions creating a member one method alone moves (firstCallMembers): an edit of the states they name can give
 * the member a first call (two creation states made one) or take it away, in another function than the edited one.
 * The method itself and what it reaches are analysed with the first call in the editor's function path too.
 */
export function firstCallScope(facts: FileFacts): Range[] {
  const movers = soleMoverCandidates(facts);
  if (movers.size === 0) return [];
  const creations = creationsOf(facts);
  const out = new Set<FunctionFacts>();
  for (const members of movers.values()) for (const name of members) for (const c of creations.get(name) ?? []) out.add(c.fn);
  return [...out].map((f) => f.range);
}

/** The methods with the members they alone move, per frame or not (the first call's candidates; see soleMovers). */
export function soleMoverCandidates(facts: FileFacts): Map<FunctionFacts, string[]> {
  return soleMovers(facts, false);
}

/** The errors and warnings of the method's own lines name these members (first and last name of the resource text). */
function namedInMethod(env: TrackEnv, findings: readonly ReportedFinding[]): Set<string | undefined> {
  const span = env.rootFn?.range;
  const inMethod = (r: Range): boolean => !!span && r.startLine >= span.startLine && r.endLine <= span.endLine;
  return new Set(findings.filter((f) => f.severity !== 'info' && inMethod(f.range)).flatMap((f) => [firstName(f.resource), lastField(f.resource)]));
}

/** The members of one candidate's first run whose creation state its first barrier does not accept (FirstCallMember). */
export function firstCalls(env: TrackEnv, members: ReadonlyMap<string, FirstCallMember> | undefined, findings: readonly ReportedFinding[]): NextCall[] {
  const out: NextCall[] = [];
  if (!members?.size) return out;
  const named = namedInMethod(env, findings);
  for (const [key, entry] of env.entry) {
    const name = memberRoot(key);
    const first = name ? members.get(name) : undefined;
    if (!name || !first || named.has(name)) continue;
    const before = single(entry.legacy);
    if (!before || !before[1].assumed || before[0] === 0 || legacyStateAccepts(first.state, before[0], false)) continue;
    const what = formatEnumValue('state', first.state);
    const origin: Origin = {
      ...env.note(first.creation.resource.range, `'${first.creation.resource.text}' was created in ${what} here, and only ${env.rootFn?.name ?? 'the method'}() moves it`),
      created: true,
    };
    out.push({ key, name, seed: { ...FRESH, legacy: exactly(first.state, origin), legacyFromCreation: true, lastModel: 'legacy' }, at: before[1].range });
  }
  return out;
}

/** The members of one candidate's run whose exit state its first barrier does not accept (see the header). */
export function nextCalls(
  env: TrackEnv, exit: TrackState, members: readonly string[], findings: readonly ReportedFinding[], created: ReadonlyMap<string, number[]>,
): NextCall[] {
  const out: NextCall[] = [];
  // The method's own errors and warnings (at its lines: its helpers' are reported at its calls), by the first and the
  // last name of the finding's resource text (`m_tex.Get()`, `pass.m_glow`): more is silence.
  const named = namedInMethod(env, findings);
  for (const [key, entry] of env.entry) {
    const name = memberRoot(key);
    if (!name || !members.includes(name) || named.has(name)) continue;
    const before = single(entry.legacy);
    const state = exit.res.get(key);
    const after = state && !state.split && !state.pendingWrite ? single(state.legacy) : undefined;
    if (!before || !after || !before[1].assumed || after[1].assumed || before[0] === 0 || after[0] === 0) continue;
    if (after[1].decaysOn || after[1].promotedOn || after[1].loop || after[1].aroundLoop || after[1].when) continue;
    if (legacyStateAccepts(after[0], before[0], false)) continue;
    // A creation state the first barrier does not accept: the first call is already wrong (that is the bug a reader of
    // one call sees, reported where its caller's chain shows it), the next call's report would repeat it.
    if ((created.get(name) ?? []).some((st) => !legacyStateAccepts(st, before[0], false))) continue;
    const origin: Origin = {
      ...env.note(after[1].range, `the previous call of ${env.rootFn?.name ?? 'the method'}() left '${name}' in ${formatEnumValue('state', after[0])} here, and nothing else in the file moves it`),
    };
    out.push({ key, name, seed: { ...FRESH, legacy: exactly(after[0], origin), lastModel: 'legacy' }, at: before[1].range });
  }
  return out;
}

const lastField = (text: string | undefined): string | undefined => text ? /([A-Za-z_]\w*)\s*(?:\.\s*Get\s*\(\s*\))?\s*$/.exec(text.trim())?.[1] : undefined;
const firstName = (text: string | undefined): string | undefined => text ? /^(?:this\s*->\s*)?([A-Za-z_]\w*)/.exec(text.trim())?.[1] : undefined;

export function single(p: ResState['legacy']): [number, Origin] | undefined {
  if (p.unknown || p.values.size !== 1) return undefined;
  return [...p.values][0];
}

/** The start state of the next call: the member as the previous call left it. */
export const seededState = (next: NextCall): TrackState => new TrackState(new Map([[next.key, next.seed]]));

/** Of the findings the next call's run added, the one it is run for: the mismatch at the member's first barrier. */
export function keptNextCallFindings(added: readonly ReportedFinding[], next: NextCall): ReportedFinding[] {
  const named = (f: ReportedFinding): boolean =>
    next.names ? next.names(f.resource ?? '') : memberRoot(f.resource ?? undefined) === next.name;
  return added.filter((f) => f.rule === 'legacy-state-mismatch' && named(f)
    && f.range.startLine === next.at.startLine && f.range.startColumn === next.at.startColumn);
}
