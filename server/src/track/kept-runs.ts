// Helper-call summaries kept across keystrokes (issue 13, lever 1 of docs/real-world.md sessions 28 and 29): the
// language server's store of the earlier keystroke's tracking run of each function typed in, and the check that
// allows this keystroke's run to replay the earlier run's helper calls (call-memo.ts fromEarlier).
//
// A kept call is replayed only when everything its evaluation could read is equal as a value (across-keystrokes.ts
// Pairing) or is the same object:
// - the call's own inputs (call-memo.ts: stack, binding, state, path facts, entry states, creations, work count);
// - the file-wide tables (list types, the file's uses and descriptor table, mutating methods, split ends) and the
//   data the tables' closures read (DescriptorTable.stored reads the file's stored handles: compared in their place);
//   a closure with no such source refuses the replay;
// - the function index: every function of the file but the edited one, in the same order, is a reuse of the same
//   kept extraction (extract/function-cache.ts pairReuses: equal facts, object for object) or, extracted again, has
//   facts equal as values; every field of the edited one but its body (what the index and the helpers read of it:
//   name, parameters, locals, range, relevance) and the lists its events name are equal; the file's fill helpers
//   and class bases are equal; the workspace index is the same object at the same version;
// - the configuration (which rules run, the list types it declares) is equal.
// The edited function's body is never evaluated at a helper's call (helper-frames.ts: a call of it is recursion), so
// its new statements cannot change a helper's evaluation. The quiet functions (quiet.ts) are a function of the file's
// functions and the workspace: which calls the quiet-call summaries serve only changes how a result is found, not
// the result (quiet-calls.ts: results are equal either way).
//
// NOTE: only the language server's typing path uses it (lsp/incremental-analysis.ts, while the function cache is on):
// one store per document, at most MAX_RUNS functions, each run keeping at most call-memo.ts MAX_KEPT records.
import type { FileFacts, FunctionFacts } from '../extract/facts';
import type { BarrierlintConfig } from '../types';
import type { FileUses } from './file-uses';
import { pairReuses } from '../extract/function-cache';
import { Pairing } from './across-keystrokes';
import type { Across, KeptRun } from './call-memo';
import { listsIn } from './havoc-call';
import type { WorkspaceIndex } from './workspace';

/** Set to `0` to turn kept calls off in the language server too (results are equal either way). */
export const KEPT_CALLS_ENV = 'BARRIERLINT_KEPT_CALLS';

/** Functions of a document whose last run is kept (typing goes on in one function; the oldest goes first). */
const MAX_RUNS = 2;

/** The closures of the tables whose data is compared in their place (see keptEnv). */
const CLOSURES = new Set(['stored']);

/** What the run's helper calls may read besides their own inputs. */
export interface RunTables {
  types: unknown;
  fileUses: FileUses | undefined;
  mutating: unknown;
  endSplits: boolean;
  legacyEndSplits: unknown;
  config: BarrierlintConfig;
  workspace?: WorkspaceIndex;
}

/** One document's kept runs (the language server keeps one store per open document). */
export class KeptCalls {
  private readonly runs = new Map<string, KeptRun>();
  /** Replays refused by the environment check, by reason (tests and the bench read them). */
  readonly refused: Record<string, number> = {};
  /** Where the last environment check found a difference (debugging). */
  lastDifference = '';

  /**
   * This run's record for the next keystroke, and the earlier run it may replay from (undefined: every call is
   * evaluated).
   */
  runOf(uri: string, fn: FunctionFacts, facts: FileFacts, tables: RunTables): { across?: Across; next: KeptRun } {
    const key = `${uri}#${fn.qualifiedName}`;
    const env = keptEnv(fn, facts, tables);
    const next: KeptRun = {
      root: fn, functions: facts.functions, env, records: new Map(), size: 0,
      workspace: tables.workspace, workspaceVersion: tables.workspace?.version,
    };
    const earlier = this.runs.get(key);
    this.runs.delete(key);
    this.runs.set(key, next);
    while (this.runs.size > MAX_RUNS) this.runs.delete(this.runs.keys().next().value!);
    if (!earlier || earlier.root === fn) return { next };
    const why = this.refusal(earlier, next);
    if (why) return this.refuse(why, next);
    const helpers = new Map<object, unknown>();
    const byNow = new Map<FunctionFacts, FunctionFacts>();
    const base = new Pairing(helpers, { was: earlier.root, now: fn }, CLOSURES);
    const extracted: [FunctionFacts, FunctionFacts][] = [];
    for (let i = 0; i < facts.functions.length; i++) {
      const was = earlier.functions[i];
      const now = facts.functions[i];
      if (was === earlier.root) continue;
      if (pairReuses(was, now, helpers)) byNow.set(now, was);
      else extracted.push([was, now]);
    }
    // A function the cache did not reuse (a small one is not kept, extract.ts worthRecording) is extracted again at
    // every keystroke: it is the same function only if its facts are equal as values (its objects then pair too).
    for (const [was, now] of extracted) {
      if (!base.same(Object.entries(was), Object.entries(now))) {
        this.lastDifference = `${now.qualifiedName}: ${base.failPath.join('.')}: ${base.failReason}`;
        return this.refuse('function changed', next);
      }
      helpers.set(was, now);
      byNow.set(now, was);
    }
    if (!base.same(earlier.env, env)) {
      this.lastDifference = `${base.failPath.join('.')}: ${base.failReason}`;
      return this.refuse('environment', next);
    }
    return { across: { earlier, byNow, base: new Pairing(helpers, { was: earlier.root, now: fn }, undefined, base), next }, next };
  }

  /** Why the earlier run's function index cannot be this run's (undefined: it can, once the reuses pair). */
  private refusal(earlier: KeptRun, next: KeptRun): string | undefined {
    if (earlier.workspace !== next.workspace || earlier.workspaceVersion !== next.workspaceVersion) return 'workspace';
    if (earlier.functions.length !== next.functions.length) return 'function count';
    const at = earlier.functions.indexOf(earlier.root);
    if (at < 0 || next.functions[at] !== next.root) return 'function order';
    return undefined;
  }

  private refuse(why: string, next: KeptRun): { next: KeptRun } {
    this.refused[why] = (this.refused[why] ?? 0) + 1;
    return { next };
  }

  /** How many runs the store keeps (tests). */
  get size(): number {
    return this.runs.size;
  }
}

/**
 * What a helper's evaluation reads of the run besides its call's inputs, as values: the tables, the data of their
 * closures, what the function index and the helpers read of the edited function, and the file's helpers' facts the
 * index reads.
 */
function keptEnv(fn: FunctionFacts, facts: FileFacts, tables: RunTables): unknown {
  return {
    types: tables.types, fileUses: usesCompared(tables.fileUses), mutating: tables.mutating, endSplits: tables.endSplits,
    legacyEndSplits: tables.legacyEndSplits, config: tables.config,
    // DescriptorTable.stored (FileUses.table) is storedLookup over these.
    storedHandles: facts.descriptors?.storedHandles ?? null,
    fillHelpers: facts.fillHelpers ?? null,
    classBases: facts.classBases ?? null,
    // Every field of the edited function but its body: the index reads its name, parameters and relevance, the
    // helpers its locals and parameters (havoc-call.ts), its qualified name and range (helper-frames.ts isRoot).
    root: { ...withoutBody(fn), lists: [...listsIn(fn)] },
  };
}

/**
 * The file's uses as what their answers are made from: the descriptor table by its facts and its `stored` closure
 * (compared in its place), not by the answers it memoised. NOTE: compared as it was, the earlier run's table held
 * the answers that run asked for and this run's none yet: every replay on a file whose functions read a buffer view
 * was refused (bgfx: every keystroke, `fileUses.table.bufferViews`).
 */
function usesCompared(uses: FileUses | undefined): unknown {
  if (!uses) return uses;
  return { ...uses, table: { inputs: uses.table.inputs, stored: uses.table.stored } };
}

function withoutBody(fn: FunctionFacts): Partial<FunctionFacts> {
  const rest: Partial<FunctionFacts> = { ...fn };
  delete rest.body;
  return rest;
}
