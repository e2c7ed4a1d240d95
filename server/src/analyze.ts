// analyze(text, uri, options) → findings and extracted facts: the single entry both surfaces (CLI, LSP) call.
// Data flows parse → extract → track → rules → report; this file only wires the layers together.
import { throwIfCancelled, type CancelCheck } from './cancel';
import { extractFacts } from './extract/extract';
import type { FileFacts, MethodUses } from './extract/facts';
import type { HandleHelper, MemberView } from './extract/descriptor-facts';
import type { RunClassViews } from './extract/class-views';
import { wrapperFacts, type RunConventions } from './rules/support/wrapper-conventions';
import type { Forwarder } from './extract/forwarding-macros';
import type { Tree } from './parse/parser';
import type { PackedMirror } from './extract/node';
import { parseCpp } from './parse/parser';
import { lineStartsOf, normalizeLoneCarriageReturns } from './parse/positions';
import type { AnalysisResult, SiteFact } from './report/analysis-result';
import { finalizeFindings } from './report/finalize';
import { configuredLevel } from './report/rule-levels';
import { callChain, reportKey, uncoveredReports } from './report/repeats';
import { instantiateRules, reportProblems, runSingleBarrierPass } from './run-rules';
import { runTracker } from './track/run';
import { type ElsewhereEntry, elsewhereExports } from './track/elsewhere-entry';
import { type FrameCarry, withHeaderFrameMembers } from './track/frame-invariant';
import type { FrameMember } from './extract/frame-members';
import type { KeptCalls } from './track/kept-runs';
import { addCallSites } from './track/call-sites';
import { madeThroughCalls, withoutRecheckRepeats } from './track/recheck-repeats';
import { idleMethodKeys, workspaceHelpers, type WorkspaceIndex } from './track/workspace';
import { recordsApi } from './track/helper-reach';
import type { SiteState } from './track/env';
import type { AnalyzeOptions, BarrierlintConfig, Finding, Range, ReportedFinding } from './types';
import { DEFAULT_CONFIG } from './types';
import { rangeContains } from './ranges';

export type { AnalysisResult, SiteFact } from './report/analysis-result';

export interface AnalyzeExtras extends AnalyzeOptions {
  /** A tree already parsed (and possibly incrementally re-parsed) for this exact text. */
  tree?: Tree;
  /** The line starts of this exact text (parse/positions.ts lineStartsOf), when the caller has them: not counted again. */
  lineStarts?: readonly number[];
  /** Other files' helper functions, for call-site evaluation of helpers defined elsewhere. */
  workspace?: WorkspaceIndex;
  /** Consulted between phases and functions; true abandons the analysis with AnalysisCancelled (cancel.ts). */
  isCancelled?: CancelCheck;
  /**
   * The packed mirror of an earlier complete analysis (extract/node.ts PackedMirror): with `complete`, when its text is
   * this text, the file is neither parsed nor copied from the tree again (the CLI's import pass, cli/cross-file.ts).
   */
  mirror?: PackedMirror;
  /** Receives the packed mirror of a complete analysis (the CLI keeps it for the import pass). */
  keepMirror?: (packed: PackedMirror) => void;
  /**
   * Extract every function of the file. Without it only the functions that can matter are mirrored and extracted
   * (extract/focus.ts): the same findings and sites for much less work, but the result then has no `helpers`,
   * `unresolvedCalls` or `unresolvedClasses`, and its `facts` hold only the functions kept. Callers that index or
   * re-track a file's functions (the CLI's cross-file pass, the language server's workspace index and function-only
   * re-analysis) ask for the whole file.
   */
  complete?: boolean;
  /**
   * Interpret only the functions inside these ranges as entries (the language server's edited function), not every
   * function of the file: findings and tracked states outside them are then incomplete. Should a finding be reached
   * through a helper, the other functions are interpreted too, so which report of it survives is the same as with
   * every entry (dedupe below prefers the helper's own report).
   */
  entries?: readonly Range[];
  /**
   * Keep and reuse unchanged functions' facts across extractions (extract/function-cache.ts; off by default): the
   * language server's keystrokes typed on in one function, whose helpers are the same every keystroke.
   */
  functionCache?: boolean;
  /**
   * The earlier keystroke's helper calls of the entries, replayed where their inputs are equal (track/kept-runs.ts):
   * the language server's store for the document, on its typing path only (results are equal either way).
   */
  keptCalls?: KeptCalls;
  /** With `entries`: what the whole file decided of their frame members (track/frame-invariant.ts FrameCarry). */
  frameCarry?: readonly FrameCarry[];
  /**
   * The members the run's headers make frame members of this file (extract/header-frame-members.ts, decided by the
   * CLI's cross-file pass); without it the workspace index decides (the language server).
   */
  headerFrameMembers?: readonly FrameMember[];
  /**
   * Members other files of the run create and never move, reached here only through their class's getter in one
   * method (track/elsewhere-entry.ts, decided by the CLI's cross-file pass).
   */
  elsewhereEntries?: readonly ElsewhereEntry[];
  /** Enumerators other files of a run define (name → value), folded where this file uses them. */
  enumerators?: ReadonlyMap<string, number>;
  /** Handle helpers other files of a run define, applied where this file calls them. */
  handleHelpers?: readonly HandleHelper[];
  /** Struct members other files of a run fill with views (`test_context::rtv`), read where this file uses them. */
  memberViews?: readonly MemberView[];
  /** What other files' methods wrote about their classes' members (extract/class-views.ts), read by the file's methods of those classes. */
  classViews?: RunClassViews;
  /** A run's state-tracking wrappers and their conventions (wrapper-use-without-ensure), over all its files. */
  conventions?: RunConventions;
  /** Forwarding macros other files of a run define (a test header's `check_x(a, b)` → `check_x_(__LINE__, a, b)`). */
  forwarders?: ReadonlyMap<string, Forwarder>;
  /** Class members other files of a run declare as another API's objects (`ID3D11DeviceContext4* ctx` in a header). */
  memberTypes?: ReadonlyMap<string, string>;
  /** Methods other files of a run declare `const` only (a base class's getters): calls to them write no member. */
  constMethods?: ReadonlySet<string>;
  /** Names called through `this` that no file of the run declares as a method (extract/member-writes.ts). */
  notMethods?: ReadonlySet<string>;
  /** Methods other files of a run declare without `const` (track/getter-aliases.ts receiverGetters). */
  mutatingMethods?: ReadonlySet<string>;
  /** Bases other files of a run declare for the classes this file names (extract/imported-bases.ts). */
  classBases?: ReadonlyMap<string, readonly string[]>;
  /** What other files' methods of the file's classes do with members (extract/member-facts.ts). */
  memberUses?: readonly MethodUses[];
  /** One-return getters other files of a run define (a class header's `GetRTV() const { return m_RTVHandle; }`), by name: their text. */
  getters?: ReadonlyMap<string, string>;
  /** Translation helpers and conversions other files of a run define (`CommandList::Barrier(descs, n)`, `ToD3D12State(s)`), by name: their text. */
  functions?: ReadonlyMap<string, string>;
}

export function resolveConfig(partial?: Partial<BarrierlintConfig>): BarrierlintConfig {
  return { ...DEFAULT_CONFIG, ...partial, rules: { ...DEFAULT_CONFIG.rules, ...partial?.rules } };
}

function siteFact(s: FileFacts['sites'][number]): SiteFact {
  const r = s.range;
  return {
    kind: s.kind, line: r.startLine + 1, column: r.startColumn + 1, endLine: r.endLine + 1, endColumn: r.endColumn + 1,
    resource: s.resource, fields: s.fields,
  };
}

/** Hover and inlay hints read `tracked` on a site: the resource's state before and after the barrier. */
function withTracked(site: SiteFact, state: SiteState | undefined): SiteFact {
  return state ? { ...site, tracked: state } : site;
}

/**
 * The text of `r`, line breaks included, from the line starts (parse/positions.ts): columns past a line's end stop at
 * it. NOTE: only its non-space characters are used (the fingerprint), and splitting a 40,000-line text into lines
 * for them cost the editor's function-only analysis more than the rest of its reporting.
 */
function textOf(text: string, starts: readonly number[], r: Range): string {
  const lineEnd = (line: number): number => {
    if (line + 1 >= starts.length) return text.length;
    const next = starts[line + 1];
    return next - (text[next - 2] === '\r' && text[next - 1] === '\n' ? 2 : 1);
  };
  const at = (line: number, column: number): number => (line >= starts.length ? text.length : Math.min(starts[line] + column, lineEnd(line)));
  return text.slice(at(r.startLine, r.startColumn), Math.max(at(r.startLine, r.startColumn), at(r.endLine, r.endColumn)));
}

/**
 * The same finding reached twice is reported once per call that decides it (report/repeats.ts): a helper analysed
 * alone and again at each call site (a mistake inside the helper that does not depend on its arguments), longer call
 * chains through a call already reported, loop passes. A finding that depends on what each call passes or leaves is
 * reported at each of those calls. The editor's merge of one function's findings into the rest (lsp/result-moves.ts)
 * repeats the same choice.
 */
function dedupe(findings: ReportedFinding[], levels: BarrierlintConfig['rules']): ReportedFinding[] {
  // What the message will say at its final level (levels and the text are applied later, in report/).
  const kept = uncoveredReports(findings, (f) => reportKey(f, configuredLevel(f, levels) ?? f.severity).key, callChain);
  return findings.filter((f) => kept.has(f));
}

function compareFindings(a: Finding, b: Finding): number {
  return a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn || a.rule.localeCompare(b.rule) || a.message.localeCompare(b.message);
}

export function analyze(source: string, uri: string, options: AnalyzeExtras = {}): AnalysisResult {
  // NOTE: lone '\r' line ends become '\n' (same length, same offsets), so the parse, the extraction and every line
  // number agree with parse/positions.ts; a tree parsed from the original text is then not reused.
  const text = normalizeLoneCarriageReturns(source);
  const packed = options.complete && options.mirror?.text === text ? options.mirror : undefined;
  const tree = packed ?? (text === source ? options.tree : undefined) ?? parseCpp(text);
  throwIfCancelled(options.isCancelled);
  const workspace = options.workspace;
  const focus = options.complete ? undefined : { external: workspace && ((name: string) => workspace.defines(name, uri)) };
  // The language server's workspace gives the definitions the text calls (track/workspace.ts importsFor) and, with
  // them, the bases other files declare for the classes it names (a run gives both: cli/cross-file.ts).
  const functions = options.functions ?? workspace?.importsFor(uri, text);
  const classBases = options.classBases ?? (functions && workspace?.basesNamedFor(uri, text));
  const facts = extractFacts(tree, text, options.isCancelled, focus, {
    enumerators: options.enumerators, handleHelpers: options.handleHelpers, memberViews: options.memberViews, forwarders: options.forwarders, memberTypes: options.memberTypes, constMethods: options.constMethods,
    // The language server's workspace gives what a run gives (cli/cross-file.ts): functions that are no methods, and
    // the member uses of the file's classes' methods in other files.
    notMethods: options.notMethods ?? workspace?.notMethodsFor(uri, text), mutatingMethods: options.mutatingMethods ?? workspace?.mutatingFor(uri, text), memberUses: options.memberUses ?? workspace?.memberUsesFor(uri),
    getters: options.getters, functions, ...(classBases ? { classBases } : {}),
    classViews: options.classViews ?? workspace?.classViewsFor(uri),
  }, options.lineStarts, options.entries, options.functionCache, options.complete ? options.keepMirror : undefined);
  throwIfCancelled(options.isCancelled);
  const result = analyzeFacts(facts, text, uri, options);
  if (options.complete) return result;
  const focused = { ...result };
  delete focused.helpers;
  delete focused.unresolvedCalls;
  delete focused.unresolvedClasses;
  return focused;
}

/** runTracker over every function, or over `options.entries` first and every other function only when needed. */
function trackEntries(
  facts: FileFacts, uri: string, run: { active: ReturnType<typeof instantiateRules>; config: BarrierlintConfig; findings: ReportedFinding[] },
  options: Pick<AnalyzeExtras, 'workspace' | 'isCancelled' | 'entries' | 'keptCalls' | 'frameCarry' | 'elsewhereEntries'>,
): ReturnType<typeof runTracker> {
  const entries = options.entries;
  const isEntry = entries && ((fn: FileFacts['functions'][number]): boolean => entries.some((r) => rangeContains(r, fn.range)));
  const first = runTracker(facts, uri, run.active, run.config, options.workspace, options.isCancelled, isEntry, run.findings, isEntry && options.keptCalls, isEntry && options.frameCarry, options.elsewhereEntries);
  if (!isEntry || !(run.findings.some((f) => f.related.some((r) => r.kind === 'helper-frame')) || madeThroughCalls(run.findings))) return first;
  const rest = runTracker(facts, uri, run.active, run.config, options.workspace, options.isCancelled, (fn) => !isEntry(fn), run.findings);
  for (const [site, state] of rest.siteStates) if (!first.siteStates.has(site)) first.siteStates.set(site, state);
  for (const name of rest.unresolved) first.unresolved.add(name);
  for (const cls of rest.unresolvedClasses) first.unresolvedClasses.add(cls);
  return { ...first, problems: [...first.problems, ...rest.problems] };
}

/**
 * The analysis after extraction: rules, tracking and reporting over facts already extracted from `text`. The
 * facts are only read, so a multi-file run re-tracks a file with the other files' helpers from the facts it kept
 * (cli/cross-file.ts) instead of parsing and extracting it again; the result equals analyze() with the same options.
 */
export function analyzeFacts(
  extracted: FileFacts, source: string, uri: string,
  options: AnalyzeOptions & Pick<AnalyzeExtras, 'workspace' | 'isCancelled' | 'entries' | 'conventions' | 'lineStarts' | 'frameCarry' | 'keptCalls' | 'headerFrameMembers' | 'elsewhereEntries'> = {},
): AnalysisResult {
  const text = normalizeLoneCarriageReturns(source);
  const config = resolveConfig(options.config);
  const findings: ReportedFinding[] = [];
  const workspace = options.workspace;
  const facts = withHeaderFrameMembers(extracted, options.headerFrameMembers ?? (extracted.frameHeader && workspace?.headerFrameMembersFor(uri, extracted.frameHeader)));
  const otherFileFunction = workspace && ((name: string, argc: number, cls?: string, receiver?: boolean) => workspace.lookup(name, argc, uri, cls, receiver));
  const active = instantiateRules(uri, config, findings, undefined, { conventions: options.conventions, ...(otherFileFunction ? { otherFileFunction } : {}) });
  runSingleBarrierPass(facts, active, config, { workspace: options.workspace, uri });
  throwIfCancelled(options.isCancelled);
  const { siteStates: tracked, unresolved, unresolvedClasses, problems } = trackEntries(facts, uri, { active, config, findings }, options);
  throwIfCancelled(options.isCancelled);
  reportProblems(problems, active);
  // A helper's finding a shorter call chain already made is that report (track/recheck-repeats.ts).
  const decided = withoutRecheckRepeats(findings);
  findings.length = 0;
  findings.push(...decided);
  addCallSites(facts, uri, findings);
  const starts = findings.length === 0 ? [] : options.lineStarts ?? lineStartsOf(text);
  for (const f of findings) f.fingerprintText ??= textOf(text, starts, f.range).replace(/\s+/g, '');
  const unique = dedupe(findings, config.rules);
  // Rule levels and suppressions, shared by every surface (report/finalize.ts).
  const finalized = finalizeFindings({ text, uri, findings: unique, config, complete: true }).sort(compareFindings);
  return { uri, findings: finalized, sites: facts.sites.map((s, i) => withTracked(siteFact(s), tracked.get(i))), parseErrors: facts.parseErrors, complete: true, facts,
    helpers: workspaceHelpers(facts, uri), ...idleMethodsOf(facts), unresolvedCalls: [...unresolved],
    ...(facts.sites.length || facts.functions.some((f) => recordsApi(f.body)) ? { recordsApi: true as const } : {}),
    ...(unresolvedClasses.size ? { unresolvedClasses: [...unresolvedClasses] } : {}),
    ...(facts.definedNames ? { definedNames: facts.definedNames } : {}), ...(facts.forwarders ? { forwarders: facts.forwarders } : {}),
    ...(facts.prototypeDefaults ? { prototypeDefaults: facts.prototypeDefaults } : {}),
    ...runNumbers(facts, uri), ...(facts.unfolded ? { unfolded: facts.unfolded } : {}),
    ...(facts.graphicsMembers ? { graphicsMembers: facts.graphicsMembers } : {}), ...(facts.untyped ? { untyped: facts.untyped } : {}),
    ...(facts.methodConstness ? { methodConstness: facts.methodConstness } : {}), ...(facts.methodUses ? { methodUses: facts.methodUses } : {}), ...(facts.unknownMethods ? { unknownMethods: facts.unknownMethods } : {}),
    ...(facts.getterDefinitions ? { getterDefinitions: facts.getterDefinitions } : {}), ...(facts.missedGetters ? { missedGetters: facts.missedGetters } : {}),
    ...(facts.functionDefinitions ? { functionDefinitions: facts.functionDefinitions } : {}), ...(facts.calledNames ? { calledNames: facts.calledNames } : {}),
    ...(facts.handleHelpers ? { handleHelpers: facts.handleHelpers } : {}), ...(facts.unresolvedHandleCalls ? { unresolvedHandleCalls: facts.unresolvedHandleCalls } : {}),
    ...(facts.memberViews ? { memberViews: facts.memberViews } : {}), ...(facts.unresolvedMembers ? { unresolvedMembers: facts.unresolvedMembers } : {}),
    ...(facts.classViews ? { classViews: facts.classViews } : {}), ...(facts.methodClasses ? { methodClasses: facts.methodClasses } : {}),
    ...(facts.frameHeader ? { frameHeader: facts.frameHeader } : {}), ...(facts.frameClasses ? { frameClasses: facts.frameClasses } : {}),
    ...(facts.enhancedSupportQuery ? { enhancedSupportQuery: facts.enhancedSupportQuery } : {}),
    ...(facts.newerRuntimeExport ? { newerRuntimeExport: facts.newerRuntimeExport } : {}),
    ...(facts.otherQueueTypes ? { otherQueueTypes: facts.otherQueueTypes } : {}),
    ...(facts.classBases ? { classBases: facts.classBases } : {}),
    ...elsewhereExportsOf(facts), ...withWrapperFacts(facts) };
}

/** The members the file creates and never moves, for the run's other files (track/elsewhere-entry.ts); none, no field. */
function elsewhereExportsOf(facts: FileFacts): Pick<AnalysisResult, 'elsewhereExports'> {
  const exports = elsewhereExports(facts);
  return exports.length ? { elsewhereExports: exports } : {};
}

/** The file's state-tracking wrappers and the uses they could ensure, for a run's conventions (cli/cross-file.ts). */
function withWrapperFacts(facts: FileFacts): Pick<AnalysisResult, 'wrapperFacts'> {
  const w = wrapperFacts(facts);
  return w ? { wrapperFacts: w } : {};
}

/** A header by its name: what it defines at namespace or class scope, every file including it sees. */
const HEADER = /\.(?:h|hh|hpp|hxx|inl)$/i;

/**
 * The named numbers the file gives the other files of a run (cli/cross-file.ts): its enumerators, and for a header its
 * scalar constants too (`static const UINT FrameCount = 2;`, `#define NUM_TARGETS 4`). A .cpp's constants are its own.
 */
function runNumbers(facts: FileFacts, uri: string): { enumerators?: [string, number][] } {
  const numbers = [...(facts.enumerators ?? []), ...(HEADER.test(uri) ? facts.constants ?? [] : [])];
  return numbers.length ? { enumerators: numbers } : {};
}

/** The file's idle methods (track/workspace.ts idleMethodKeys), for the run's helper index; none, no field. */
function idleMethodsOf(facts: FileFacts): { idleMethods?: string[] } {
  const idleMethods = idleMethodKeys(facts.functions);
  return idleMethods.length ? { idleMethods } : {};
}
