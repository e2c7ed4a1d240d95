// The entry state set elsewhere: a texture member class A's file creates in one known state and never moves
// (extract/unmoved-members.ts), that A's header hands out through a parameterless getter
// (`ID3D12Resource* GetShadowMap() const { return m_shadow.Get(); }`), and that the whole run reaches through that
// getter in one method of another file only (cli/elsewhere-entry.ts decides that over every file of the run). Nothing
// but that method's barriers can move it, so the first time the method runs the texture is in its creation state:
// when the method's first barrier on `owner->GetShadowMap()` names a state the creation state does not satisfy, the
// first call is wrong (#527 on the first frame; hist39's a154254929 and chocobubble replays).
//
// As track/frame-invariant.ts firstCalls does for a member of the method's own file: the method is run again with
// the getter's key in the creation state and only the legacy-state-mismatch at that first barrier is kept, with the
// note "'m' was created in S here (the other file), and only M() moves it". Whole-file analyses of a multi-file run
// only (the CLI's cross-file pass gives the entries; the language server never does).
// NOTE: a texture created COMMON qualifies (unlike frameInvariant's first call): nothing but barriers moves it, and
// COMMON reaches without a barrier only the states it promotes to, which legacyStateAccepts accepts.
import { declaresName, type FileFacts, type FunctionFacts, type ResourceCreation } from '../extract/facts';
import { formatLegacyState } from '../model/messages';
import { legacyStateAccepts } from '../model/legacy-states-compat';
import type { Range, ReportedFinding } from '../types';
import type { TrackEnv } from './env';
import { creationsOf, isTexture, type NextCall, single } from './frame-invariant';
import { accessorOf } from './getter-aliases';
import { exactly, FRESH, type Origin } from './state';

/** A member the file creates in one known state and never moves (what the run's other files may reach through a getter). */
export interface ElsewhereExport {
  member: string;
  /** The legacy state every creation of it sets. */
  state: number;
  /** The first creation's target, for the note. */
  range: Range;
  text: string;
  /** What the creation made (dimension, flags): the seeded run knows the key as that texture. */
  creation: ResourceCreation;
}

/** What the run gives the file holding the one method that reaches an exported member through its getter. */
export interface ElsewhereEntry extends ElsewhereExport {
  /** The getter's name (`GetShadowMap`); empty for a public field named directly (`frame->ScreenMap`). */
  getter: string;
  /** The file creating the member. */
  uri: string;
  /** The 0-based lines of this file holding a call of the getter: all in one function, the method. */
  lines: number[];
  /**
   * The names the run's files declare with the getter's class as their type (`std::unique_ptr<ShadowPass> m_shadow;`):
   * the getter is called on one of them, not on an object of another class with a getter of the same name.
   */
  owners: string[];
}

/** The file's members created in one known state as textures kept out of decay, and never moved by the file. */
export function elsewhereExports(facts: FileFacts): ElsewhereExport[] {
  if (!facts.unmovedMembers?.length) return [];
  const creations = creationsOf(facts);
  const out: ElsewhereExport[] = [];
  for (const member of facts.unmovedMembers) {
    const made = creations.get(member) ?? [];
    const states = new Set(made.map((m) => m.state));
    const state = made[0]?.state;
    if (made.length === 0 || states.size !== 1 || state === undefined) continue;
    if (made.some((m) => !m.texture || !isTexture(m.creation) || m.creation.initialLayout || m.creation.midFrame || declaresName(m.fn, member))) continue;
    const first = made[0].creation.resource;
    out.push({ member, state, range: first.range, text: first.text, creation: made[0].creation });
  }
  return out;
}

const contains = (r: Range, line: number): boolean => r.startLine <= line && line <= r.endLine;

/** Per method, the entries whose getter calls all lie in it (its innermost enclosing function, not a lambda). */
export function elsewhereMethods(facts: FileFacts, entries: readonly ElsewhereEntry[] | undefined): Map<FunctionFacts, ElsewhereEntry[]> {
  const out = new Map<FunctionFacts, ElsewhereEntry[]>();
  for (const e of entries ?? []) {
    const fns = e.lines.map((line) => {
      const around = facts.functions.filter((f) => contains(f.range, line));
      const inner = around.sort((a, b) => (a.range.endLine - a.range.startLine) - (b.range.endLine - b.range.startLine))[0];
      return inner && !inner.lambda && !inner.name.startsWith('<') ? inner : undefined;
    });
    const fn = fns[0];
    if (!fn || fns.some((f) => f !== fn)) continue;
    out.set(fn, [...(out.get(fn) ?? []), e]);
  }
  return out;
}

const bare = (text: string | undefined): string => (text ?? '').replace(/\s+/g, '');

/**
 * Whether a key (or a finding's resource text) names the member through the getter: `owner->GetShadowMap()`, or
 * `owner->m_shadow` where the run's getter definition was read into the file (extract/imported-getters.ts), with a
 * subresource part (`|sub0`) or `.Get()`.
 */
function reaches(text: string, e: ElsewhereEntry): boolean {
  const base = bare(text).replace(/\|.*$/, '');
  const owned = (owner: string): boolean => !owner.includes('(') && e.owners.includes(/^(?:this->)?([A-Za-z_]\w*)/.exec(owner)?.[1] ?? '');
  const a = accessorOf(base);
  if (a) return a.name === e.getter && a.args === '' && owned(a.owner);
  const m = /^(.+?)(?:->|\.)([A-Za-z_]\w*)(?:\.Get\(\))?$/.exec(base);
  return !!m && m[2] === e.member && owned(m[1]);
}

/**
 * The getter keys of one method's run whose creation state its first barrier does not accept: one key per getter
 * (`m_shadows->GetShadowMap()`; two receivers may be one object, and the second key's entry would be the first's
 * exit), assumed at a barrier, and no error or warning of the method naming it already.
 */
export function elsewhereCalls(env: TrackEnv, entries: readonly ElsewhereEntry[] | undefined, findings: readonly ReportedFinding[]): NextCall[] {
  const out: NextCall[] = [];
  if (!entries?.length) return out;
  const span = env.rootFn?.range;
  const own = findings.filter((f) => f.severity !== 'info' && span && f.range.startLine >= span.startLine && f.range.endLine <= span.endLine);
  for (const e of entries) {
    const keys = [...env.entry.keys()].filter((k) => reaches(k, e));
    if (keys.length !== 1 || own.some((f) => reaches(f.resource ?? '', e))) continue;
    const key = keys[0];
    const before = single(env.entry.get(key)!.legacy);
    if (!before || !before[1].assumed || before[0] === 0 || legacyStateAccepts(e.state, before[0], false)) continue;
    const file = e.uri.slice(e.uri.lastIndexOf('/') + 1);
    const origin: Origin = {
      uri: e.uri, range: e.range, created: true,
      note: `'${e.text}' was created in ${formatLegacyState(e.state).replace(/^0x[0-9A-Fa-f]+: /, '')} here (${file}); nothing moves it but ${env.rootFn?.name ?? 'the method'}(), through ${e.getter ? `${e.getter}()` : `'${key.replace(/\|.*$/, '')}'`}`,
    };
    out.push({
      key, name: key, names: (resource) => reaches(resource, e), known: { creation: e.creation, uri: e.uri },
      seed: { ...FRESH, legacy: exactly(e.state, origin), legacyFromCreation: true, lastModel: 'legacy' }, at: before[1].range,
    });
  }
  return out;
}
