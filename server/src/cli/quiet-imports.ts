// Import-pass analyses that cannot change what a run reports (issue 12). The import pass (cross-file.ts
// withImportedEnumerators) analysed a whole file again when another file of the run defines an enumerator it tests
// (WickedEngine's vk_mem_alloc.h and vk_enum_string_helper.h, bgfx's spirv_cross.cpp: 0.4–0.7 s each, a fifth of a
// run). Such an analysis is left out when all of these hold:
// - what the file imports only narrows what it already extracted: enumerator values, and which methods are `const`,
//   mutating or no methods at all (IMPORTS_NARROWING). None of them adds a barrier, command, creation or call:
//   they fold tests and values, and decide member writes;
// - the file reported nothing, has no barrier or creation site, declares no default argument whose value it does
//   not know (an imported value could fold it, and the run gives them to other files) and no state-tracking wrapper
//   (the run's conventions read them);
// - every function of the file is silent for the run (track/quiet.ts `silentEntry`: every event is a call, a rebind
//   or a swap, and so is every function a call may resolve to, in the file or in another file of the run): tracking
//   never interprets it as an entry, and folding its tests cannot make it create, transition or use a resource;
// - no function of the run that is not silent reaches one of the file's functions through calls, by name (a superset
//   of what the tracker resolves): no analysis of the run ever interprets one of them, so the work they would spend
//   and the resources their unresolved calls would forget, which the folded tests decide, are never asked for.
// The file then keeps its first result; the names it could not fold stay unfolded, which nothing after the pass reads.
// NOTE: decided after the other files' import analyses, from their results: an imported translation helper
// (imported-functions.ts) can add calls to another file's functions.
import type { FunctionFacts } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import { QuietFunctions } from '../track/quiet';
import { isWorkspaceHelper, WorkspaceIndex } from '../track/workspace';
import type { FileOutcome } from './outcome';
import { injectCrossFileFault } from './cross-file-isolation';
import { trace, traceOn } from '../trace-times';

/** The imports (AnalyzeExtras keys) that only narrow what the file extracted without them. */
const IMPORTS_NARROWING: ReadonlySet<string> = new Set(['enumerators', 'constMethods', 'notMethods', 'mutatingMethods']);

/** Whether the import analysis of `o` with `extra` is a candidate to leave out (the run-wide part is `QuietRun`). */
export function narrowingOnly(o: FileOutcome, extra: object): boolean {
  const r = o.result;
  // A default argument whose value is known stays known (an import never overrides the file's own names).
  const defaultsKnown = (r?.prototypeDefaults ?? []).every((p) => p.defaults.every((d) => d === null || d.value !== null));
  return !!r?.facts && !o.failure && r.findings.length === 0 && r.facts.sites.length === 0 && defaultsKnown && !r.wrapperFacts
    && Object.keys(extra).every((k) => IMPORTS_NARROWING.has(k));
}

/** The run's functions as the files' results hold them: the facts a file kept, else its helpers. */
function functionsOf(o: FileOutcome): readonly FunctionFacts[] {
  return o.result?.facts?.functions ?? o.result?.helpers ?? [];
}

/** Which files of a run are silent and unreached by any function that is not (see the file comment). */
export class QuietRun {
  private readonly reached = new Set<string>();
  private readonly quietFiles = new Set<FileOutcome>();

  constructor(all: readonly FileOutcome[]) {
    const index = new WorkspaceIndex();
    for (const o of all) {
      const helpers = functionsOf(o).filter(isWorkspaceHelper);
      if (helpers.length || o.result?.classBases?.length) index.set(o.uri, { functions: helpers, classBases: o.result?.classBases ?? [] });
    }
    const byName = new Map<string, FunctionFacts[]>();
    const roots: FunctionFacts[] = [];
    for (const o of all) {
      const fns = functionsOf(o);
      for (const fn of fns) {
        const named = byName.get(fn.name);
        if (named) named.push(fn);
        else byName.set(fn.name, [fn]);
      }
      const loud = loudFunctions(o, fns, index);
      roots.push(...loud);
      if (loud.length === 0) this.quietFiles.add(o);
    }
    // Every name a call reaches from a function that is not quiet, through every function of that name.
    const visited = new Set<FunctionFacts>();
    const stack = [...roots];
    while (stack.length) {
      const fn = stack.pop()!;
      if (visited.has(fn)) continue;
      visited.add(fn);
      forEachEvent(fn.body, (e) => {
        if (e.kind !== 'user-call' || this.reached.has(e.callee)) return;
        this.reached.add(e.callee);
        stack.push(...byName.get(e.callee) ?? []);
      });
    }
  }

  /** Whether every function of `o` is silent and none is reached from a function that is not. */
  unreachedQuiet(o: FileOutcome): boolean {
      return this.quietFiles.has(o) && functionsOf(o).every((fn) => !this.reached.has(fn.name));
  }
}

/**
 * The functions of `o` that are not silent entries. NOTE: a decision that throws (an internal error on one file's
 * functions) takes all of them as not silent: the file and what it reaches are then analysed as without this
 * shortcut, so the run reports exactly what it would, and no file fails for an optimisation.
 */
function loudFunctions(o: FileOutcome, fns: readonly FunctionFacts[], index: WorkspaceIndex): FunctionFacts[] {
  try {
    injectCrossFileFault(o, 'quiet');
    const quiet = new QuietFunctions(fns, index);
    return fns.filter((fn) => !quiet.silentEntry(fn));
  } catch (error) {
    if (traceOn()) trace('quiet-failed', error instanceof Error ? error.message : String(error), o.uri);
    return [...fns];
  }
}
