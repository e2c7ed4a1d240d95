// Cross-file helper functions: after every file was analysed on its own, the helpers each file defines (functions
// that record barriers) form a WorkspaceIndex; a file that called a name it could not resolve, and that another
// file defines, is tracked again with the index, so `Transition(cl, res, before, after)` defined in
// barriers.cpp is evaluated at its call sites in frame.cpp. Runs in process, in target order (deterministic).
// With --shard, `context` holds the other shards' files (analysed only when needed) so the index is complete.
// Constants a header of the run defines under an enumerator-like name are known to the files that use them, and
// a file that tests a name it could not fold which another file declares as an enumerator (`enum CopyType :
// int { kCopyTypeRead = 0, kCopyTypeWrite = 1 }` in a class of the header) is analysed again with that value.
//
// NOTE: the second analysis starts from the facts the first one kept (analyzeFacts): the file is neither parsed nor
// extracted again. Only a file whose first result came from the cache has no facts and is analysed from its text.
// With --cache, the second result is cached too, under the file's key and a digest of the whole helper index
// (a helper may call helpers of a third file, so any change to any file's helpers misses).
import { createHash } from 'node:crypto';
import { analyze, analyzeFacts, type AnalyzeExtras } from '../analyze';
import { narrowingOnly, QuietRun } from './quiet-imports';
import { callChain, reportKey, uncoveredReports } from '../report/repeats';
import { dropElsewhereRepeats } from './elsewhere-repeats';
import { WorkspaceIndex } from '../track/workspace';
import { classesCreatingLists, classOf } from '../track/list-types';
import { callsReaching, reachingHelperNames } from '../track/helper-reach';
import { withNamesBlanked, withoutNames } from '../track/recheck-repeats';
import type { Field, FunctionFacts } from '../extract/facts';
import { relatedUses, usesByClass } from '../extract/method-uses';
import type { ClassViews, HandleHelper, MemberView } from '../extract/descriptor-facts';
import type { ResultCache } from './cache';
import type { FileOutcome } from './outcome';
import type { AnalysisResult } from '../report/analysis-result';
import type { Finding } from '../types';
import { forReport, type PoolLimits, withoutFacts } from './pool';
import type { CancelCheck } from '../cancel';
import { isolated, isolatedRunStep, withinLimits } from './cross-file-isolation';
import { cpuMs, trace, traceOn, traceStart, wallMs } from '../trace-times';
import { readSourceFile as readSource } from '../parse/read-policy';
import { classOfType, nestedStructType, OTHER_API, objectType, qualifiedClassOfType } from '../extract/types';
import { memberBarrierKind } from '../extract/expect';
import { CLASS, importClosure, RECORD } from '../extract/function-imports';
import { withBases, type RunClassViews } from '../extract/class-views';
import { basesNamedIn } from '../extract/imported-bases';
import { type FrameClassFile, headerFrameMembers } from '../extract/header-frame-members';
import type { FrameMember } from '../extract/frame-members';
import { elsewhereEntriesOf } from './elsewhere-entry';
import type { ElsewhereEntry } from '../track/elsewhere-entry';
import { bookkeepingJudgedAgain, deviation, hasCandidates, runConventions, type RunConventions, type WrapperFacts } from '../rules/support/wrapper-conventions';

export interface CrossFileOptions {
  keepSites: boolean;
  cache?: ResultCache;
  /** The first pass's per-file limits (`--file-timeout`, heap): each second analysis is held to them too. */
  limits: PoolLimits;
}

/**
 * The pass over the run's files (see the file comment). Failures are isolated (cross-file-isolation.ts): a throw while
 * deciding or tracking one file fails that file, which keeps its first-pass result; a throw in a run-wide step fails
 * every file not failed yet. Never throws; returns how many files were analysed again.
 */
export function crossFilePass(outcomes: FileOutcome[], context: readonly FileOutcome[], options: CrossFileOptions): number {
  let reanalysed = 0;
  isolatedRunStep(outcomes, 'run', () => {
    reanalysed = trackAgain(outcomes, context, options);
  });
  for (const o of [...outcomes, ...context]) delete o.mirror;
  // The facts were kept for this pass only.
  for (const o of [...outcomes, ...context]) if (o.result?.facts) o.result = withoutFacts(o.result);
  isolatedRunStep(outcomes, 'summary', () => {
    dropProjectConstants(outcomes, context);
    dropHelperRepeats(outcomes);
    // The names are blanked in the message's text too: an Xbox advice's suggested code names the caller's object.
    dropElsewhereRepeats(outcomes, (f) => placeKey(withNamesBlanked({ ...f, uri: '', range: NOWHERE, related: [] })).key);
    dropLongerChains(outcomes);
    dropRunWideAdvice(outcomes, context, (r) => r.enhancedSupportQuery === true, 'enhanced-barriers-support');
    dropRunWideAdvice(outcomes, context, (r) => r.otherQueueTypes === true, 'prefer-queue-specific-layout');
    dropRunWideAdvice(outcomes, context, (r) => r.newerRuntimeExport === true, 'upload-readback-heap-state', { messageKey: 'creationOlder', inTree: true });
  });
  return reanalysed;
}

/** The import pass, then the helper pass: the files another file's definitions can change are analysed again. */
function trackAgain(outcomes: FileOutcome[], context: readonly FileOutcome[], options: CrossFileOptions): number {
  const tracing = traceOn();
  const t0 = tracing ? traceStart() : undefined;
  const reanalysed = withImportedEnumerators([...outcomes, ...context], options);
  if (t0) trace('pass', 'imports', cpuMs(t0), wallMs(t0), reanalysed);
  const t1 = tracing ? traceStart() : undefined;
  let retracked = 0;
  const index = new WorkspaceIndex();
  const withHelpers = [...outcomes, ...context].filter((o) => o.result?.helpers?.length || o.result?.classBases?.length || o.result?.idleMethods?.length);
  const defaults = prototypeDefaultsOf([...outcomes, ...context]);
  for (const o of withHelpers) {
    isolated(o, 'helper index', () => index.set(o.uri, { functions: (o.result!.helpers ?? []).map((f) => withPrototypeDefaults(f, o.uri, defaults)), classBases: o.result!.classBases, idleMethods: o.result!.idleMethods }), undefined);
  }
  const conventions = runConventionsOf([...outcomes, ...context]);
  const judged = conventions ? judgedAgain(outcomes, conventions) : new Set<FileOutcome>();
  // Classes whose list members another file creates: their methods here record on lists of a known type.
  const listOwners = new Map<string, Set<string>>();
  if (index.size >= 2) {
    for (const o of withHelpers) {
      if (!o.failure) isolated(o, 'helper index', () => { for (const cls of classesCreatingLists(o.result!.helpers ?? [])) listOwners.set(cls, (listOwners.get(cls) ?? new Set()).add(o.uri)); }, undefined);
    }
  }
  const ownsListsElsewhere = (o: FileOutcome): boolean =>
    listOwners.size > 0 && (o.result?.helpers ?? []).some((fn) => [...(listOwners.get(classOf(fn) ?? '') ?? [])].some((uri) => uri !== o.uri));
  // Definitions whose default arguments only a header of the run gives: their own file's calls bind them.
  const ownDefaulted = new Set(outcomes.filter((o) => isolated(o, 'defaults', () => withOwnPrototypeDefaults(o, defaults), false)));
  const framed = headerFramed(outcomes, context);
  // Members another file creates and only one method here reaches through their getter (cli/elsewhere-entry.ts).
  let elsewhere = new Map<FileOutcome, ElsewhereEntry[]>();
  isolatedRunStep(outcomes, 'elsewhere entries', () => { elsewhere = elsewhereEntriesOf(outcomes, context); });
  if (index.size >= 2 || judged.size || ownDefaulted.size || framed.size || elsewhere.size) {
    const digest = options.cache ? indexDigest([...outcomes, ...context]) : '';
    const reaching = index.size >= 2 ? reachingHelperNames(index.helpers().map((e) => e.fn)) : new Set<string>();
    // One file's decision and second analysis; false when it was not analysed again.
    const again = (o: FileOutcome): boolean => {
      const names = o.result?.unresolvedCalls ?? [];
      const named = index.size >= 2 && (names.some((n) => index.defines(n, o.uri) || index.definesIdle(n, o.uri)) || (o.result?.unresolvedClasses ?? []).some((c) => index.declaresBases(c, o.uri)));
      // NOTE: a file that records nothing of the API, whose calls reach no helper that does (track/helper-reach.ts),
      // has nothing the other files' helpers can change: its second analysis could only end in analysis budgets.
      const byHelpers = named && (o.result?.recordsApi === true || callsReaching(names, reaching));
      const byLists = !named && index.size >= 2 && ownsListsElsewhere(o);
      const helped = byHelpers || byLists;
      const frame = framed.get(o);
      const away = elsewhere.get(o);
      if (!o.result || o.failure || (!helped && !judged.has(o) && !ownDefaulted.has(o) && !frame && !away)) return false;
      // The file's own part: its key, or the key of its analysis with imports (which holds the file's key).
      const own = o.importsKey ?? o.cacheKey;
      const key = options.cache && own ? options.cache.derivedKey(own, `helpers\0${digest}${frame ? `\0frame${JSON.stringify(frame)}` : ''}${away ? `\0away${JSON.stringify(away)}` : ''}`) : undefined;
      const cached = key ? options.cache?.get(key, o.uri) : undefined;
      if (cached) {
        o.result = cached;
        return false;
      }
      const settings = {
        config: o.config.config, complete: true, ...(helped ? { workspace: index } : {}), ...(judged.has(o) ? { conventions } : {}),
        ...(frame ? { headerFrameMembers: frame } : {}), ...(away ? { elsewhereEntries: away } : {}),
      };
      const first = o.result;
      // NOTE: a file analysed again only for the class's lists starts from what the import pass gave it (imported
      // getters…), which its first result had. (A file helped by names still starts from its text alone: giving it
      // the imports too moves call-chain reports between files — gamehacker1999/DX12Engine DXCore.cpp; not taken here.)
      const from = byLists ? { ...o.imports, ...settings } : settings;
      const t = tracing ? traceStart() : undefined;
      const done = analyseAgain(o, options.limits, (text, isCancelled) => {
        const facts = first.facts ?? importedFacts(o, text, { keepSites: options.keepSites, isCancelled });
        const limited = { ...settings, isCancelled };
        return withoutFacts(forReport(facts ? analyzeFacts(facts, text, o.uri, limited) : analyze(text, o.uri, { ...from, isCancelled, mirror: o.mirror }), options.keepSites));
      });
      if (done && key) options.cache?.set(key, o.result);
      if (t) trace('helpers', cpuMs(t), wallMs(t), JSON.stringify(first.findings) === JSON.stringify(o.result?.findings) ? 'same' : 'changed',
        [byHelpers && 'names', named && !byHelpers && 'unreached', byLists && 'lists', judged.has(o) && 'conventions', ownDefaulted.has(o) && 'defaults', frame && 'frame', away && 'elsewhere'].filter(Boolean).join(',') || '-', o.uri);
      return done;
    };
    for (const o of outcomes) if (isolated(o, 'helpers', () => again(o), false)) retracked++;
  }
  if (t1) trace('pass', 'helpers', cpuMs(t1), wallMs(t1), retracked);
  return reanalysed + retracked;
}

/**
 * The files whose out-of-class methods alone move members that a header of the run declares as private fields of
 * their class (extract/header-frame-members.ts), with those members: analysed again with them as frame members.
 */
function headerFramed(outcomes: readonly FileOutcome[], context: readonly FileOutcome[]): Map<FileOutcome, FrameMember[]> {
  const out = new Map<FileOutcome, FrameMember[]>();
  const asking = outcomes.filter((o) => o.result?.frameHeader && !o.failure);
  if (asking.length === 0) return out;
  const files: FrameClassFile[] = [...outcomes, ...context].filter((o) => o.result?.frameClasses || o.result?.methodClasses)
    .map((o) => ({ uri: o.uri, frameClasses: o.result!.frameClasses, methodClasses: o.result!.methodClasses }));
  for (const o of asking) {
    const members = isolated(o, 'frame headers', () => headerFrameMembers(o.uri, o.result!.frameHeader, files), []);
    if (members.length) out.set(o, members);
  }
  return out;
}

/**
 * The run's state-tracking wrappers and conventions (wrapper-use-without-ensure) over every file that has any, or
 * undefined when fewer than two files do (a file alone already judged itself).
 */
function runConventionsOf(all: readonly FileOutcome[]): RunConventions | undefined {
  const withFacts = all.filter((o) => o.result?.wrapperFacts);
  return withFacts.length >= 2 ? runConventions(withFacts.map((o) => o.result!.wrapperFacts!), withFacts.map((o) => o.uri)) : undefined;
}

/**
 * The files whose uses the run's conventions judge otherwise than the file's own did (a convention only the run
 * makes, or one the run's other files break): analysed again with the run's.
 */
function judgedAgain(outcomes: readonly FileOutcome[], run: RunConventions): Set<FileOutcome> {
  const out = new Set<FileOutcome>();
  const verdicts = (w: WrapperFacts, r: RunConventions) => w.uses.map((u) => {
    const c = deviation(u, r);
    return c ? `${c.wrapper}:${c.ensured}/${c.total}` : '';
  }).join('|');
  for (const o of outcomes) {
    const w = o.result?.wrapperFacts;
    if (!w || o.failure) continue;
    // The bookkeeping rules: a member, helper or tracker call another file of the run defines or counts.
    if ((hasCandidates(w) && verdicts(w, runConventions([w])) !== verdicts(w, run)) || bookkeepingJudgedAgain(w, o.uri, run)) out.add(o);
  }
  return out;
}

const NOWHERE = { startLine: 0, startColumn: 0, endLine: 0, endColumn: 0 };

/**
 * A finding where it really is (innermost helper frame, or its own range), what it says but for the names: the
 * message data's and, on an Xbox platform, the resource names of the barrier its message dumps.
 */
function placeKey(f: Finding): { key: string; frames: number } {
  const { frames } = reportKey(f, f.severity);
  const { key } = reportKey(withoutNames(f), f.severity);
  return { key, frames };
}

/**
 * A mistake inside a helper that does not depend on its caller is reported once, where it is: the helper's own file
 * reports it (no helper frames), and each file that calls the helper reported it again through its call chain,
 * naming the caller's arguments. Those copies — same rule, same innermost location, same severity and message but
 * for the names — are dropped. A finding that depends on the caller's arguments or state says something else (or
 * the helper's own analysis has none) and stays at each call site.
 */
function dropHelperRepeats(outcomes: FileOutcome[]): void {
  const own = new Set<string>();
  for (const o of outcomes) {
    for (const f of o.result?.findings ?? []) {
      const { key, frames } = placeKey(f);
      if (frames === 0) own.add(key);
    }
  }
  if (own.size === 0) return;
  for (const o of outcomes) {
    const r = o.result;
    if (!r) continue;
    const kept = r.findings.filter((f) => {
      const { key, frames } = placeKey(f);
      return frames === 0 || !own.has(key);
    });
    if (kept.length !== r.findings.length) o.result = { ...r, findings: kept };
  }
}

/**
 * A finding one file reports through a call chain (`Render()` → `Present()`) that another file reaches again only
 * by passing through that chain (`main` → `Tick()` → `Render()` → `Present()`, the same mistake, the same message but
 * for the names) is reported once, at the shorter chain: the outer file only called into it
 * (report/repeats.ts uncoveredReports, as one file's analysis already does for its own chains).
 */
function dropLongerChains(outcomes: FileOutcome[]): void {
  const chained = outcomes.flatMap((o) => (o.result?.findings ?? []).filter((f) => f.related.some((r) => r.kind === 'helper-frame')));
  if (chained.length < 2) return;
  const kept = uncoveredReports(chained, (f) => placeKey(f).key, callChain);
  if (kept.size === chained.length) return;
  for (const o of outcomes) {
    const r = o.result;
    if (!r) continue;
    const findings = r.findings.filter((f) => kept.has(f) || !f.related.some((x) => x.kind === 'helper-frame'));
    if (findings.length !== r.findings.length) o.result = { ...r, findings };
  }
}

/**
 * Findings that one file of the run can answer for all: enhanced-barrier support is queried once for the device
 * (enhancedSupportQuery), and one file naming a compute or copy queue makes the application multi-queue
 * (otherQueueTypes). When any file of the run says so, those findings are dropped from every file. The application's
 * Agility SDK export says which runtimes it runs on (newerRuntimeExport: only the rule's older-runtime message), for
 * the files of its own directory tree (`inTree`): a repository of several samples holds several applications, and one
 * sample's export says nothing of another's (ProjectAsura/d3d12_samples; a shared library beside them keeps its
 * warnings too).
 */
function dropRunWideAdvice(outcomes: FileOutcome[], context: readonly FileOutcome[], answers: (r: AnalysisResult) => boolean, rule: string,
  scope: { messageKey?: string; inTree?: boolean } = {}): void {
  const answering = [...outcomes, ...context].filter((o) => o.result && answers(o.result));
  if (answering.length === 0) return;
  const roots = scope.inTree ? answering.map((o) => directoryOf(o.uri)) : undefined;
  const covered = (uri: string) => !roots || roots.some((root) => uri.startsWith(root));
  const answered = (f: AnalysisResult['findings'][number]) => f.rule === rule && (scope.messageKey === undefined || f.messageKey === scope.messageKey);
  for (const o of outcomes) {
    const r = o.result;
    if (covered(o.uri) && r?.findings.some(answered)) o.result = { ...r, findings: r.findings.filter((f) => !answered(f)) };
  }
}

/** `src/app/main.cpp` → `src/app/` (either separator); '' for a bare file name (the run's own directory). */
function directoryOf(uri: string): string {
  return uri.slice(0, Math.max(uri.lastIndexOf('/'), uri.lastIndexOf('\\')) + 1);
}

/**
 * `D3D12_RESOURCE_STATE_UNKNOWN` defined by the project in a header of the run (`constexpr D3D12_RESOURCE_STATES
 * D3D12_RESOURCE_STATE_UNKNOWN = ...`) is no misspelt enumerator in the files that use it: their unknown-enumerator
 * findings on it are dropped (the value stays unknown to the other rules).
 */
function dropProjectConstants(outcomes: FileOutcome[], context: readonly FileOutcome[]): void {
  const definedBy = new Map<string, Set<string>>();
  for (const o of [...outcomes, ...context]) {
    for (const name of o.result?.definedNames ?? []) definedBy.set(name, (definedBy.get(name) ?? new Set()).add(o.uri));
  }
  if (definedBy.size === 0) return;
  const elsewhere = (name: string | undefined, uri: string) => [...(definedBy.get(name ?? '') ?? [])].some((u) => u !== uri);
  for (const o of outcomes) {
    const r = o.result;
    if (!r?.findings.some((f) => f.rule === 'unknown-enumerator' && elsewhere(f.fingerprintText, o.uri))) continue;
    o.result = { ...r, findings: r.findings.filter((f) => !(f.rule === 'unknown-enumerator' && elsewhere(f.fingerprintText, o.uri))) };
  }
}

/**
 * Enumerators of the run by name, with the files that declare them; a name two files give different values is
 * left out (which one a file sees depends on its includes).
 */
/** What the files of a run define by name (`value`), with the files that define it; a name defined differently answers nothing. */
interface RunDefinition<T> {
  value: T;
  uris: Set<string>;
}

function definedInRun<T>(all: readonly FileOutcome[], entries: (r: AnalysisResult) => Iterable<[string, T]>, same: (a: T, b: T) => boolean): Map<string, RunDefinition<T>> {
  const out = new Map<string, RunDefinition<T>>();
  const clash = new Set<string>();
  for (const o of all) {
    for (const [name, value] of o.result ? entries(o.result) : []) {
      const prior = out.get(name);
      if (prior && !same(prior.value, value)) clash.add(name);
      else if (prior) prior.uris.add(o.uri);
      else out.set(name, { value, uris: new Set([o.uri]) });
    }
  }
  for (const n of clash) out.delete(n);
  return out;
}

/**
 * Two declarations of one member name that a run may give as one: the same text, or objects of one engine class
 * named with its namespace or enclosing class (`DX::DeviceResources`). A bare name may be a class nested in each
 * declaring class (`class Impl; std::unique_ptr<Impl> pImpl;` in every class of a library), and
 * `BasicPostProcess::Effect` is not `DualPostProcess::Effect`: those stay apart.
 */
function sameMemberType(a: string, b: string): boolean {
  if (a === b) return true;
  const ca = qualifiedClassOfType(a);
  return !!ca && ca.includes('::') && ca === qualifiedClassOfType(b) && objectType(a) && objectType(b);
}

/** Run member declarations keyed `Class::member`, by member name: [declaring class, definition]. */
type ClassMembers = Map<string, [string, RunDefinition<string>][]>;

function membersByClass(members: Map<string, RunDefinition<string>>, classes: ReadonlySet<string>): ClassMembers {
  const out: ClassMembers = new Map();
  for (const [key, d] of members) {
    const at = key.lastIndexOf('::');
    if (at < 0) continue;
    members.delete(key);
    // NOTE: an object of a class no file of the run defines a method of may be an alias of an API interface
    // (`using GraphicsCommandList = ID3D12GraphicsCommandList6;`): taken as an engine class, its D3D12 commands would
    // be lost. Such a member is given as before, by name only (kd1370987/DirectX12BaseProject's RenderContext).
    const cls = classOfType(d.value);
    if (objectType(d.value) && !OTHER_API.test(d.value) && (!cls || !classes.has(cls))) continue;
    const name = key.slice(at + 2);
    out.set(name, [...out.get(name) ?? [], [key.slice(0, at), d]]);
  }
  return out;
}

/** The classes (last name) some file of the run defines methods of. */
function methodClassNames(all: readonly FileOutcome[]): Set<string> {
  const out = new Set<string>();
  for (const o of all) for (const c of o.result?.methodClasses ?? []) out.add(c.split('::').pop()!);
  return out;
}

/** The base classes the run's files declare, by class (as written). */
function runClassBases(all: readonly FileOutcome[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const o of all) for (const [c, bs] of o.result?.classBases ?? []) out.set(c, [...new Set([...out.get(c) ?? [], ...bs])]);
  return out;
}

/** The classes a file defines methods of, with their bases as far as the run declares them. */
function classesWithBases(classes: readonly string[], bases: ReadonlyMap<string, readonly string[]>): Set<string> {
  const out = new Set<string>();
  const todo = [...classes];
  while (todo.length && out.size < 64) {
    const c = todo.shift()!;
    if (out.has(c)) continue;
    out.add(c);
    todo.push(...(bases.get(c) ?? bases.get(c.split('::').pop()!) ?? []));
  }
  return out;
}

/** `DirectX::ResourceUploadBatch` (a method's class, with its namespace) is the declaring `ResourceUploadBatch`. */
function sameClass(methodClass: string, declaring: string): boolean {
  return methodClass === declaring || methodClass.endsWith(`::${declaring}`);
}

/**
 * The member types a file imports for the names its D3D12 commands met untyped: the declaration of its own classes
 * (those it defines methods of, and their bases) when another file of the run holds it, the declarations agreeing;
 * otherwise the run's declarations of the name when they all agree (sameMemberType).
 */
function importedMemberTypes(r: AnalysisResult, uri: string, members: Map<string, RunDefinition<string>>, byClass: ClassMembers,
  bases: ReadonlyMap<string, readonly string[]>): Map<string, string> | undefined {
  const names = r.untyped;
  if (!names?.length) return undefined;
  const classes = byClass.size && r.methodClasses?.length ? classesWithBases(r.methodClasses, bases) : undefined;
  let out: Map<string, string> | undefined;
  for (const name of names) {
    const own = classes ? (byClass.get(name) ?? []).filter(([cls]) => [...classes].some((c) => sameClass(c, cls))) : [];
    if (own.length) {
      const [, first] = own[0];
      if (!own.some(([, d]) => d.uris.has(uri)) && own.every(([, d]) => sameMemberType(first.value, d.value))) (out ??= new Map()).set(name, first.value);
      continue;
    }
    const d = members.get(name);
    if (d && !d.uris.has(uri)) (out ??= new Map()).set(name, d.value);
  }
  return out;
}

/** The run's getter definitions keyed by class (`Texture::Native`), by getter name: [key, definition]. */
function gettersByName(texts: Map<string, RunDefinition<string>>): Map<string, [string, RunDefinition<string>][]> {
  const out = new Map<string, [string, RunDefinition<string>][]>();
  for (const [key, d] of texts) {
    const at = key.lastIndexOf('::');
    if (at < 0) continue;
    texts.delete(key);
    const name = key.slice(at + 2);
    out.set(name, [...out.get(name) ?? [], [key, d]]);
  }
  return out;
}

/**
 * The getters a file called without knowing them: other files' definitions by name, and for a name whose definitions
 * differ between classes (none by name), each class's definition under `Class::name`.
 */
function importedGetters(names: readonly string[] | undefined, uri: string, byName: Map<string, RunDefinition<string>>,
  byClass: ReadonlyMap<string, [string, RunDefinition<string>][]>): Map<string, string> | undefined {
  let out = importedBy(names, uri, byName);
  for (const name of names ?? []) {
    if (byName.has(name)) continue;
    const classed = (byClass.get(name) ?? []).filter(([, d]) => !d.uris.has(uri));
    if (classed.length < 2) continue;
    for (const [key, d] of classed) (out ??= new Map()).set(key, d.value);
  }
  return out;
}

/** The definitions of other files among the names a file uses, or undefined when there are none. */
function importedBy<T>(names: readonly string[] | undefined, uri: string, defined: Map<string, RunDefinition<T>>): Map<string, T> | undefined {
  let out: Map<string, T> | undefined;
  for (const name of names ?? []) {
    const d = defined.get(name);
    if (d && !d.uris.has(uri)) (out ??= new Map()).set(name, d.value);
  }
  return out;
}

/**
 * `Scope::*` in a file's unfolded names (extract/conditions.ts noteUnfolded): every enumerator of the run spelt
 * `Scope::Name`, in place of the pattern.
 */
function withScopes(names: readonly string[] | undefined, defined: ReadonlyMap<string, unknown>): readonly string[] | undefined {
  const scopes = names?.filter((n) => n.endsWith('::*')).map((n) => n.slice(0, -1));
  if (!names || !scopes?.length) return names;
  return [...names.filter((n) => !n.endsWith('::*')), ...[...defined.keys()].filter((k) => scopes.some((s) => k.startsWith(s) && !k.slice(s.length).includes(':')))];
}

/**
 * A file that compares with a name another file of the run declares as an enumerator is extracted again with that
 * value, before the helper index is built: its helpers (`Record(…, copy_type, …)` testing `kCopyTypeRead`) then
 * decide the test for the other files' calls as well. The facts stay for the helper pass (analyzeFacts).
 */
function withImportedEnumerators(all: readonly FileOutcome[], options: CrossFileOptions): number {
  const { cache } = options;
  const enumerators = definedInRun(all, (r) => r.enumerators ?? [], (a, b) => a === b);
  // `get_cpu_descriptor_handle(&ctx, heap, i)` in a test header: a file calling it for a handle is extracted again
  // with it, so its views and bindings name their heap slots.
  const helpers = definedInRun(all, (r) => (r.handleHelpers ?? []).map((h) => [h.name, h] as [string, HandleHelper]),
    (a, b) => JSON.stringify(a) === JSON.stringify(b));
  // `check_sub_resource_uint(a, …)` → `check_sub_resource_uint_(__LINE__, a, …)` defined in a test header: a file
  // calling the macro is extracted again with it, so the call reaches the function it forwards to.
  const forwarders = definedInRun(all, (r) => r.forwarders ?? [], (a, b) => JSON.stringify(a) === JSON.stringify(b));
  // `Dx11DeviceContext->CopyResource(out, shared)` in a .cpp whose class declares `ID3D11DeviceContext4*
  // Dx11DeviceContext` in its header: a file whose D3D12 commands met such a name untyped is extracted again with
  // the header's type, so the D3D11 copy is not read as a D3D12 one. Only other-API types are given (they can only
  // take a command away); a name two files declare differently (one a D3D12 list) gives nothing.
  // One member name in several classes agrees when it names one namespace-qualified engine class, however it is held
  // (`std::unique_ptr<DX::DeviceResources> device_resources_` in the owner, `DX::DeviceResources* device_resources_` in
  // each user): only the class is read from it (the receiver of `device_resources_->ExecuteCommandList()`).
  const members = definedInRun(all, (r) => r.graphicsMembers ?? [], sameMemberType);
  // A barrier struct a member holds (`D3D12_RESOURCE_BARRIER barrier_{};`) is given too: the methods that fill and submit
  // it are read (extract/member-barriers.ts) instead of submitting a barrier nobody can read.
  // So is a member holding a desc's nested struct by value (`DXGI_SAMPLE_DESC m_sampling;`): a positional resource
  // desc naming it takes it whole (extract/brace-initializers.ts).
  for (const [name, d] of members) if (!OTHER_API.test(d.value) && !objectType(d.value) && !memberBarrierKind(d.value) && !nestedStructType(d.value)) members.delete(name);
  // The same members keyed by their declaring class (`Histogram::m_ctx`): a .cpp defining methods of that class (or
  // of a class derived from it) takes that declaration, whatever other classes of the run declare under the name.
  const byClass = membersByClass(members, methodClassNames(all));
  const typeBases = byClass.size ? runClassBases(all) : new Map<string, string[]>();
  // `init_test_context(&ctx)` of a test header stores the RTV of `ctx->render_target` in `ctx->rtv`: a file using
  // `context.rtv` is extracted again with it (extract/member-views.ts).
  const viewMembers = definedInRun(all, (r) => (r.memberViews ?? []).map((m) => [m.name, m] as [string, MemberView]),
    (a, b) => JSON.stringify(a) === JSON.stringify(b));
  // `if (m_post) … hView = CurrentBackBufferView(); … if (m_post)` where the base class's header declares the getter
  // `const`: a file calling such a method through `this` is extracted again knowing it writes no member.
  const constness = definedInRun(all, (r) => r.methodConstness ?? [], (a, b) => a === b);
  // Every method name the run declares, by file: a name called through `this` that none declares is not a method.
  const declaredBy = methodDeclarations(all);
  // `swap->Advance()` where swapchain.h declares `bool Advance();`: a file calling a method some other file declares
  // without `const` is extracted again knowing it, so the object's getters are unknown after the call.
  const nonConst = nonConstMethods(all);
  for (const [name, d] of constness) if (!d.value) constness.delete(name);
  // `Target.GetRTV()` in a .cpp whose class header defines `GetRTV() const { return m_RTVHandle; }`: a file that called
  // such a getter on an object without knowing it is extracted again with its definition (extract/imported-getters.ts).
  const getterTexts = definedInRun(all, (r) => r.getterDefinitions ?? [], (a, b) => a === b);
  // Two classes with a getter of one name and different bodies give nothing by name: their definitions by class
  // (`Texture::Native`) are given instead, and the file chooses by its receiver's class (extract/resources.ts).
  const classGetters = gettersByName(getterTexts);
  // `cmd.Barrier(&desc, 1)` in renderer.cpp whose `CommandList::Barrier` translates engine descs in
  // d3d12_command_list.cpp through `ToD3D12State`: a file calling such a function of another file is extracted again
  // with its definition and those it calls (extract/imported-functions.ts), and the enumerators they name.
  const functionTexts = definedInRun(all, (r) => r.functionDefinitions ?? [], (a, b) => a === b);
  // `Draw()` in frame.cpp testing `m_opts.shadows` and calling `LightPass()` of passes.cpp, which tests it again: the
  // methods of a class defined in several files share their member uses as methods of one file do (member-facts.ts).
  const classUses = usesByClass(all.flatMap((o) => (o.result && !o.failure && o.result.methodUses ? [[o.uri, o.result.methodUses] as const] : [])));
  // `m_list->ClearRenderTargetView(m_sceneRtv, …)` in Renderer.cpp where `Renderer::CreateTargets()` of Device.cpp
  // stored the slot of the scene target's RTV in `m_sceneRtv`: a file defining methods of a class whose methods in
  // other files wrote views, handles or swap-chain buffers of members is extracted again with them (class-views.ts).
  const classViews = all.flatMap((o) => (o.result && !o.failure ? (o.result.classViews ?? []).map((c) => ({ ...c, uri: o.uri })) : []));
  const runBases = new Map<string, string[]>();
  if (classViews.length) for (const o of all) for (const [c, bs] of o.result?.classBases ?? []) runBases.set(c, [...new Set([...runBases.get(c) ?? [], ...bs])]);
  if (enumerators.size === 0 && helpers.size === 0 && forwarders.size === 0 && members.size === 0 && byClass.size === 0 && viewMembers.size === 0 && constness.size === 0 && getterTexts.size === 0 && classGetters.size === 0 && functionTexts.size === 0 && declaredBy.size === 0 && classUses.size === 0 && classViews.length === 0) return 0;
  let count = 0;
  const narrowing: { o: FileOutcome; extra: AnalyzeExtras; key: string | undefined }[] = [];
  // One file's imports, and its analysis with them unless it is left for after the others; true when analysed again.
  const imports = (o: FileOutcome): boolean => {
    const imported = o.result && !o.failure ? importedBy(withScopes(o.result.unfolded, enumerators), o.uri, enumerators) : undefined;
    const found = o.result && !o.failure ? importedBy(o.result.unresolvedHandleCalls, o.uri, helpers) : undefined;
    const macros = o.result && !o.failure ? importedBy(o.result.unresolvedCalls, o.uri, forwarders) : undefined;
    const types = o.result && !o.failure ? importedMemberTypes(o.result, o.uri, members, byClass, typeBases) : undefined;
    const handles = found && [...found.values()];
    const used = o.result && !o.failure ? importedBy(o.result.unresolvedMembers, o.uri, viewMembers) : undefined;
    const memberViews = used && [...used.values()];
    const consts = o.result && !o.failure ? importedBy(o.result.unknownMethods, o.uri, constness) : undefined;
    const constMethods = consts && new Set(consts.keys());
    const notMethods = o.result && !o.failure ? undeclaredMethods(o, declaredBy) : undefined;
    const mutatingMethods = o.result && !o.failure ? calledMutating(o, nonConst) : undefined;
    const getters = o.result && !o.failure ? importedGetters(o.result.missedGetters, o.uri, getterTexts, classGetters) : undefined;
    const functions = o.result && !o.failure ? importedFunctions(importRoots(o.result), o.uri, functionTexts) : undefined;
    const memberUses = o.result && !o.failure ? relatedUses(o.uri, classUses) : undefined;
    const views = o.result && !o.failure ? classViewsOf(o.uri, o.result.methodClasses, classViews, runBases) : undefined;
    const named = functions && importedBy([...new Set([...functions.values()].flatMap((t) => t.match(IDENTIFIER) ?? []))], o.uri, enumerators);
    // With those definitions, the bases the other files declare for the classes the file names (extract/imported-bases.ts).
    const bases = functions && basesNamedOf(o, all);
    if (!imported && !handles && !macros && !types && !memberViews && !constMethods && !notMethods && !mutatingMethods && !getters && !functions && !memberUses && !views) return false;
    const numbers = named || imported ? new Map([...(named ?? []), ...(imported ?? [])]) : undefined;
    const extra = {
      ...(getters ? { getters } : {}), ...(functions ? { functions } : {}),
      ...(numbers ? { enumerators: numbers } : {}), ...(handles ? { handleHelpers: handles } : {}), ...(macros ? { forwarders: macros } : {}),
      ...(types ? { memberTypes: types } : {}), ...(memberViews ? { memberViews } : {}), ...(constMethods ? { constMethods } : {}),
      ...(notMethods ? { notMethods } : {}), ...(mutatingMethods ? { mutatingMethods } : {}), ...(memberUses ? { memberUses } : {}),
      ...(views ? { classViews: views } : {}), ...(bases ? { classBases: bases } : {}),
    };
    // With --cache, this analysis is cached too, under the file's key and a digest of what it imports: a warm run of
    // a whole engine tree spent two thirds of its CPU here (DiligentCore: 514 of 1,596 files import a macro).
    const key = cache && o.cacheKey ? cache.derivedKey(o.cacheKey, `imports\0${importsDigest(extra)}`) : undefined;
    const cached = key ? cache?.get(key, o.uri) : undefined;
    if (cached) {
      o.result = cached;
      o.imports = extra;
      o.importsCached = true;
      o.importsKey = key;
      return true;
    }
    // A file whose analysis with these imports could change nothing the run reports is decided after the others (quiet-imports.ts).
    if (narrowingOnly(o, extra)) {
      narrowing.push({ o, extra, key });
      return false;
    }
    return importAgain(o, extra, options, key);
  };
  for (const o of all) if (isolated(o, 'imports', () => imports(o), false)) count++;
  const quiet = narrowing.length ? new QuietRun(all) : undefined;
  for (const { o, extra, key } of narrowing) {
    const again = isolated(o, 'imports', () => {
      if (!quiet?.unreachedQuiet(o)) return importAgain(o, extra, options, key);
      if (traceOn()) trace('imports-unneeded', Object.keys(extra).join(','), o.uri);
      return false;
    }, false);
    if (again) count++;
  }
  return count;
}

/** The bases the run's other files declare for the classes `o`'s text names (what a workspace gives: track/workspace.ts basesNamedFor). */
function basesNamedOf(o: FileOutcome, all: readonly FileOutcome[]): Map<string, string[]> | undefined {
  const entries = all.flatMap((other) => (other === o || other.uri === o.uri ? [] : other.result?.classBases ?? []));
  if (entries.length === 0) return undefined;
  const source = readSource(o.target.abs);
  return source.ok ? basesNamedIn(source.text, entries) : undefined;
}

/** Analyses `o` again with what it imports (`extra`), caching the result under `key`; true when it was. */
function importAgain(o: FileOutcome, extra: AnalyzeExtras, options: CrossFileOptions, key: string | undefined): boolean {
  const { keepSites, cache } = options;
  const t = traceOn() ? traceStart() : undefined;
  const again = (text: string, isCancelled: CancelCheck) => forReport(analyze(text, o.uri, { config: o.config.config, complete: true, ...extra, isCancelled, mirror: o.mirror }), keepSites);
  if (!analyseAgain(o, options.limits, again)) return false;
  if (t) trace('imports', cpuMs(t), wallMs(t), Object.keys(extra).join(','), o.uri);
  o.imports = extra;
  o.importsKey = key;
  if (key) {
    exportsDigest(o.result);
    cache?.set(key, withoutFacts(o.result!));
  }
  return true;
}

/**
 * The facts the analysis with imports kept (forReport: only a file with unresolved calls keeps them), made again
 * from the text when that result came from the cache; undefined otherwise.
 */
function importedFacts(o: FileOutcome, text: string, run: { keepSites: boolean; isCancelled: CancelCheck }): AnalysisResult['facts'] {
  if (!o.importsCached || !o.imports) return undefined;
  return forReport(analyze(text, o.uri, { config: o.config.config, complete: true, ...o.imports, isCancelled: run.isCancelled, mirror: o.mirror }), run.keepSites).facts;
}

/** What an analysis imports (AnalyzeExtras), as text: Maps, Sets and undefined spelt apart from arrays and null. */
function importsDigest(extra: object): string {
  return createHash('sha256').update(JSON.stringify(extra, (_key, value: unknown) => {
    if (value instanceof Map) return { $map: [...value] };
    if (value instanceof Set) return { $set: [...value] };
    if (value === undefined) return { $undefined: true };
    if (typeof value === 'bigint') return { $bigint: String(value) };
    return value;
  })).digest('hex');
}

const IDENTIFIER = /\b[A-Za-z_]\w*/g;

/**
 * Other files' member facts of the classes whose methods a file defines and of their bases (extract/class-views.ts),
 * with the run's base-class declarations of that chain, or undefined when there are none.
 */
function classViewsOf(uri: string, classes: readonly string[] | undefined, all: readonly ClassViews[], bases: ReadonlyMap<string, readonly string[]>): RunClassViews | undefined {
  if (!classes?.length) return undefined;
  const wanted = withBases(classes, bases);
  const views = all.filter((c) => c.uri !== uri && wanted.has(c.cls));
  if (views.length === 0) return undefined;
  const chain = [...wanted].flatMap((c): [string, readonly string[]][] => (bases.has(c) ? [[c, bases.get(c)!]] : []));
  return { views, ...(chain.length ? { bases: chain } : {}) };
}

/** The files of the run declaring or defining each method name. */
function methodDeclarations(all: readonly FileOutcome[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const o of all) {
    for (const [name] of o.result && !o.failure ? o.result.methodConstness ?? [] : []) {
      const uris = out.get(name) ?? new Set<string>();
      uris.add(o.uri);
      out.set(name, uris);
    }
  }
  return out;
}

/** The method names some file of the run declares or defines without `const`, with those files. */
function nonConstMethods(all: readonly FileOutcome[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const o of all) {
    for (const [name, constQ] of o.result && !o.failure ? o.result.methodConstness ?? [] : []) {
      if (!constQ) out.set(name, (out.get(name) ?? new Set<string>()).add(o.uri));
    }
  }
  return out;
}

/**
 * Whether the file reported a warning or an error a second analysis could take back: not a parse problem (the parse
 * is the same), the only warning of a vendored SDK header (bgfx's d3d12.h was analysed again, 7 % of the run).
 */
function reportsTracked(o: FileOutcome): boolean {
  return !!o.result?.findings.some((f) => f.severity !== 'info' && f.rule !== 'parse-problem');
}

/**
 * The methods a file calls that another file of the run declares without `const` (the file's own declarations are in
 * its facts already). NOTE: they only make getters unknown (fewer findings): only a file that reported a warning or
 * an error is analysed again for them.
 */
function calledMutating(o: FileOutcome, nonConst: ReadonlyMap<string, ReadonlySet<string>>): Set<string> | undefined {
  if (!o.result || !reportsTracked(o)) return undefined;
  const out = new Set((o.result.calledNames ?? []).filter((n) => [...nonConst.get(n) ?? []].some((u) => u !== o.uri)));
  return out.size ? out : undefined;
}

/**
 * The names a file calls through `this` (path facts asked whether they may write a member) that no file of the run
 * declares as a method, when another file of the run declares the methods the file defines (their class is in the
 * run: a name it does not declare is a function of another header, `SetThreadDescription(GetCurrentThread(), …)`).
 */
function undeclaredMethods(o: FileOutcome, declaredBy: ReadonlyMap<string, ReadonlySet<string>>): Set<string> | undefined {
  const unknown = o.result?.unknownMethods ?? [];
  // NOTE: knowing more names as functions only removes paths: a file is analysed again for it only when it reported
  // a warning or an error (a whole second analysis of every file with a tested member cost WispRenderer's run 20 %
  // more CPU, nearly all of it in a vendored imgui.cpp with no finding).
  if (unknown.length === 0 || !reportsTracked(o)) return undefined;
  const classInRun = (o.result?.methodConstness ?? []).some(([name]) => [...declaredBy.get(name) ?? []].some((u) => u !== o.uri));
  if (!classInRun) return undefined;
  const out = new Set(unknown.filter((name) => !declaredBy.has(name)));
  return out.size ? out : undefined;
}

/**
 * The other files' definitions among the functions a file calls, with what they call and the records they name
 * (extract/function-imports.ts), or undefined when there are none. Bounded by what the files export.
 */
function importedFunctions(called: readonly string[] | undefined, uri: string, defined: Map<string, RunDefinition<string>>): Map<string, string> | undefined {
  return importClosure(called ?? [], (key) => {
    const d = defined.get(key);
    return d && !d.uris.has(uri) ? d.value : undefined;
  });
}

/**
 * The names whose other files' definitions a file imports: the functions it calls, and the records it declares values
 * of when it records barrier-related work (a file with no relevant function gains nothing from `ctx.target`).
 */
function importRoots(r: AnalysisResult): readonly string[] | undefined {
  return r.helpers?.length ? r.calledNames : r.calledNames?.filter((n) => !n.startsWith(RECORD) && !n.startsWith(CLASS));
}

/**
 * Analyses a file of the run again from its text: its result is replaced (a file that can no longer be read keeps its
 * first result). True when the result was replaced. The analysis is held to the first pass's per-file limits
 * (withinLimits): one over them throws with the limit's message. A throw is the caller's step's
 * (cross-file-isolation.ts isolated: the file fails alone and keeps its result from before the step).
 */
function analyseAgain(o: FileOutcome, limits: PoolLimits, run: (text: string, isCancelled: CancelCheck) => AnalysisResult): boolean {
  const source = readSource(o.target.abs);
  if (!source.ok) return false;
  o.result = withinLimits(o, limits, (isCancelled) => run(source.text, isCancelled));
  return true;
}

/**
 * A digest of what the helper pass reads of the run's files: each file's part (exportsDigest) in run order. NOTE: it
 * names each file by what the pass reads of it, not by its cache key (as before session 30): a file edited where no
 * helper, class base, default, wrapper, enumerator or member type changes (a comment, a body that records no barrier
 * after the last helper) leaves every other file's helper-pass entry valid. Naming files by key made a warm run after
 * any edit track again every file the pass helps (DiligentCore: 154 files).
 */
function indexDigest(all: readonly FileOutcome[]): string {
  const hash = createHash('sha256');
  for (const o of all) hash.update(o.uri).update('\0').update(exportsDigest(o.result)).update('\0');
  return hash.digest('hex');
}

/**
 * What the helper pass reads of one file's result, as a digest: the helpers and class bases (the index, the list
 * owners), the prototype defaults, the wrappers and uses (conventions), and the enumerators and member types (what
 * other files fold and record; kept from the earlier digest). Kept on the result, so a cached result carries it.
 */
export function exportsDigest(r: AnalysisResult | undefined): string {
  if (!r) return 'none';
  r.exportsDigest ??= createHash('sha256').update(JSON.stringify([
    r.complete, r.helpers ?? null, r.classBases ?? null, r.idleMethods ?? null, r.prototypeDefaults ?? null, r.wrapperFacts ?? null, r.enumerators ?? null, r.graphicsMembers ?? null,
  ])).digest('hex');
  return r.exportsDigest;
}

type DefaultsByKey = Map<string, { uri: string; defaults: (Field | null)[] }[]>;

function prototypeDefaultsOf(all: readonly FileOutcome[]): DefaultsByKey {
  const out: DefaultsByKey = new Map();
  for (const o of all) for (const p of o.result?.prototypeDefaults ?? []) out.set(p.key, [...(out.get(p.key) ?? []), { uri: o.uri, defaults: p.defaults }]);
  return out;
}

/**
 * The file's own definitions given the default arguments their prototype in another file of the run declares
 * (`void GenerateMips(cl, tex, D3D12_RESOURCE_STATES start = NON_PIXEL_SHADER_RESOURCE)` in renderer.h, defined and
 * called in renderer.cpp: the call `GenerateMips(cl, tex)` binds the header's value, not an unknown one). True when
 * any was (the file is analysed again).
 */
function withOwnPrototypeDefaults(o: FileOutcome, byKey: DefaultsByKey): boolean {
  const facts = o.result?.facts;
  if (!facts || !byKey.size || o.failure) return false;
  let changed = false;
  facts.functions = facts.functions.map((f) => {
    const g = withPrototypeDefaults(f, o.uri, byKey);
    if (g !== f) changed = true;
    return g;
  });
  return changed;
}

/**
 * A definition without default arguments whose prototype in another file (its header) gives them: calls that omit
 * the trailing arguments bind the header's defaults (`staging_buffer_for_batching = nullptr`), not unknown values.
 * Two headers that disagree give none.
 */
function withPrototypeDefaults(fn: FunctionFacts, uri: string, byKey: DefaultsByKey): FunctionFacts {
  if (fn.defaults) return fn;
  // `Util::Read` is declared in `class Util { ... }`; a free function by its name alone.
  const cls = fn.qualifiedName.split('::').slice(-2, -1)[0];
  const found = (byKey.get(`${cls ? `${cls}::` : ''}${fn.name}/${fn.params.length}`) ?? []).filter((d) => d.uri !== uri);
  if (found.length !== 1) return fn;
  const defaults = found[0].defaults;
  const required = defaults.findIndex((v) => v !== null);
  if (required < 0 || defaults.slice(required).some((v) => v === null)) return fn;
  return { ...fn, defaults: defaults.map((v) => v ?? undefined), required };
}
