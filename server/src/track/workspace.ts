// Function lookup for helper calls: the analysed file first, then the other files of the run (CLI) or of the
// workspace (language server). Only functions that record something barrier-related are worth evaluating.
import type { FileFacts, FunctionFacts, MethodUses, Stmt } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import type { ClassViews } from '../extract/descriptor-facts';
import type { RunClassViews } from '../extract/class-views';
import type { FunctionIndex } from './env';
import { classPart } from './key-names';
import { fileUsesOf } from './file-uses';
import { calledIn, declaredRecordKeys, importClosure, RECORD } from '../extract/function-imports';
import { basesNamedIn } from '../extract/imported-bases';
import { relatedUses, usesByClass, type PlacedUses } from '../extract/method-uses';
import { type FrameClass, type FrameClassFile, type FrameHeaderQuery, headerFrameMembers } from '../extract/header-frame-members';
import type { FrameMember } from '../extract/frame-members';

interface Entry {
  fn: FunctionFacts;
  uri: string;
}

/** A function the workspace index keeps as a helper other files may call: it records something, and is not a lambda. */
export const isWorkspaceHelper = (f: FunctionFacts): boolean => f.relevant && !f.lambda;

/**
 * The file's helpers as other files see them: each with the swap-chain buffers the file knows (FunctionFacts
 * swapChains), so a caller that presents after `m_renderer->BeginFrame()` checks the back buffer it moved.
 */
export function workspaceHelpers(facts: FileFacts, uri: string): FunctionFacts[] {
  const helpers = facts.functions.filter(isWorkspaceHelper);
  if (helpers.length === 0) return helpers;
  const swapChains = fileUsesOf(facts, uri).swapChains();
  return swapChains.length ? helpers.map((fn) => ({ ...fn, swapChains })) : helpers;
}

/**
 * The methods the file defines with a body that records nothing barrier-related, as `Class::name/arity`
 * (`bool IsMultisampled() const { return m_samples > 1; }` in a texture class's header): called on an object of the
 * class from another file of the run, such a method records no barrier and forgets nothing (functionIndex eventless),
 * as the file's own idle methods. Sorted, without repeats.
 */
export function idleMethodKeys(functions: readonly FunctionFacts[]): string[] {
  const keys = new Set<string>();
  for (const fn of functions) {
    const cls = fn.relevant || fn.lambda || fn.unparsed ? undefined : classPart(fn.qualifiedName);
    if (cls) keys.add(`${cls}::${fn.name}/${fn.params.length}`);
  }
  return [...keys].sort();
}

/** One file's part of a WorkspaceIndex, as another thread rebuilds it (slice). */
export interface WorkspaceSlice {
  uri: string;
  functions: FunctionFacts[];
  classBases: [string, string[]][];
  functionDefinitions?: [string, string][];
  /** The file's methods (declared or defined) and what they do with members (extract/method-uses.ts). */
  methodConstness?: [string, boolean][];
  methodUses?: MethodUses[];
  /** What the file's methods wrote about their class's members (extract/class-views.ts). */
  classViews?: ClassViews[];
  /** The file's classes with their private fields, and the classes it defines methods of (extract/header-frame-members.ts). */
  frameClasses?: FrameClass[];
  methodClasses?: string[];
  /** The methods the file defines that record nothing (idleMethodKeys). */
  idleMethods?: string[];
}

/** Helper functions of many files, by unqualified name. Surfaces keep one and update it per file. */
export class WorkspaceIndex {
  private readonly byUri = new Map<string, Entry[]>();
  private byName: Map<string, Entry[]> | null = null;
  private all: readonly Entry[] | null = null;
  private readonly basesByUri = new Map<string, [string, string[]][]>();
  private bases: Map<string, string[]> | null = null;
  /** Translation helpers, conversions and records each file exports (extract/imported-functions.ts), by key: their text. */
  private readonly definitionsByUri = new Map<string, Map<string, string>>();
  /** The methods each file declares or defines, and what they do with members (extract/method-uses.ts). */
  private readonly methods = new CountedNames();
  /** The methods each file declares or defines without `const` (track/getter-aliases.ts receiverGetters). */
  private readonly nonConst = new CountedNames();
  private readonly usesByUri = new Map<string, MethodUses[]>();
  private classUses: Map<string, PlacedUses[]> | null = null;
  /** What each file's methods wrote about their class's members (extract/class-views.ts), with the file. */
  private readonly classViewsByUri = new Map<string, ClassViews[]>();
  /** Per file, its classes' private fields and the classes it defines methods of (extract/header-frame-members.ts). */
  private readonly classFilesByUri = new Map<string, FrameClassFile>();
  /** The methods each file defines that record nothing (idleMethodKeys). */
  private readonly idleByUri = new Map<string, ReadonlySet<string>>();
  private idleIndex: Map<string, string[]> | null = null;

  /** Counts the changes (set, delete): what was read of the index at one version holds at that version. */
  private changes = 0;

  get version(): number {
    return this.changes;
  }

  set(uri: string, facts: Pick<FileFacts, 'functions' | 'classBases' | 'functionDefinitions' | 'methodConstness' | 'methodUses' | 'classViews' | 'frameClasses' | 'methodClasses'> & { idleMethods?: readonly string[] }): void {
    this.changes++;
    if (facts.frameClasses?.length || facts.methodClasses?.length) {
      this.classFilesByUri.set(uri, { uri, ...(facts.frameClasses?.length ? { frameClasses: facts.frameClasses } : {}), ...(facts.methodClasses?.length ? { methodClasses: facts.methodClasses } : {}) });
    } else this.classFilesByUri.delete(uri);
    if (facts.idleMethods?.length) this.idleByUri.set(uri, new Set(facts.idleMethods));
    else this.idleByUri.delete(uri);
    this.idleIndex = null;
    if (facts.classViews?.length) this.classViewsByUri.set(uri, facts.classViews.map((c) => ({ ...c, uri })));
    else this.classViewsByUri.delete(uri);
    this.methods.set(uri, facts.methodConstness?.length ? new Set(facts.methodConstness.map(([name]) => name)) : undefined);
    const nonConst = (facts.methodConstness ?? []).filter(([, constQ]) => !constQ).map(([name]) => name);
    this.nonConst.set(uri, nonConst.length ? new Set(nonConst) : undefined);
    if (facts.methodUses?.length) this.usesByUri.set(uri, facts.methodUses);
    else this.usesByUri.delete(uri);
    this.classUses = null;
    this.byUri.set(uri, facts.functions.filter(isWorkspaceHelper).map((fn) => ({ fn, uri })));
    if (facts.classBases?.length) this.basesByUri.set(uri, facts.classBases);
    else this.basesByUri.delete(uri);
    if (facts.functionDefinitions?.length) this.definitionsByUri.set(uri, new Map(facts.functionDefinitions));
    else this.definitionsByUri.delete(uri);
    this.byName = null;
    this.all = null;
    this.bases = null;
  }

  /**
   * The definitions of the other files that a text calls (and what they reach: extract/function-imports.ts), for its
   * extraction; a name two other files define differently gives nothing. Undefined when there are none.
   */
  importsFor(uri: string, text: string): Map<string, string> | undefined {
    if (![...this.definitionsByUri.keys()].some((u) => u !== uri)) return undefined;
    const own = new Set([...this.definitionsByUri.get(uri)?.keys() ?? []].filter((k) => k.startsWith(RECORD)).map((k) => k.slice(RECORD.length)));
    return importClosure([...calledIn(text), ...declaredRecordKeys(text, own)], (key) => {
      let found: string | undefined;
      for (const [u, defs] of this.definitionsByUri) {
        const t = u === uri ? undefined : defs.get(key);
        if (t === undefined) continue;
        if (found !== undefined && found !== t) return undefined;
        found = t;
      }
      return found;
    });
  }

  /**
   * What the methods other files define of the classes `uri` defines methods of do with members, when they tie its
   * methods to theirs (extract/method-uses.ts), for its extraction; undefined when none do.
   */
  memberUsesFor(uri: string): MethodUses[] | undefined {
    if (!this.usesByUri.has(uri)) return undefined;
    this.classUses ??= usesByClass(this.usesByUri);
    return relatedUses(uri, this.classUses);
  }

  /** The members the workspace's headers make frame members of `uri` (extract/header-frame-members.ts). */
  headerFrameMembersFor(uri: string, query: FrameHeaderQuery): FrameMember[] {
    return headerFrameMembers(uri, query, [...this.classFilesByUri.values()]);
  }

  /**
   * What the methods of the other files wrote about their classes' members (extract/class-views.ts): the extraction
   * keeps those of the classes whose methods the file defines. Undefined when no other file wrote any.
   */
  classViewsFor(uri: string): RunClassViews | undefined {
    const views = [...this.classViewsByUri].flatMap(([u, cs]) => (u === uri ? [] : cs));
    if (views.length === 0) return undefined;
    const bases = [...this.basesByUri.values()].flat();
    return { views, ...(bases.length ? { bases } : {}) };
  }

  /**
   * The names a text calls that no file of the workspace declares as a method, when another file declares the
   * methods the file defines (its class is in the workspace): functions of other headers, which reach no member
   * (`SetThreadDescription(GetCurrentThread(), …)`, extract/member-writes.ts). Undefined when the class is not.
   */
  notMethodsFor(uri: string, text: string): Set<string> | undefined {
    // NOTE: asked at every keystroke: the other files' names are the counted union less the file's own (a name of
    // its own that another file also declares is counted twice), not a walk over every file of the workspace.
    const own = this.methods.of(uri);
    if (!own || ![...own].some((n) => this.methods.count(n) > 1)) return undefined;
    const out = new Set([...calledIn(text)].filter((n) => !own.has(n) && this.methods.count(n) === 0));
    return out.size ? out : undefined;
  }

  /**
   * The names a text calls that another file of the workspace declares as a method without `const` (what a run gives:
   * cli/cross-file.ts calledMutating): called on an object, they may change what its getters return.
   */
  mutatingFor(uri: string, text: string): Set<string> | undefined {
    if (this.nonConst.size === 0) return undefined;
    const own = this.nonConst.of(uri);
    const out = new Set([...calledIn(text)].filter((n) => this.nonConst.count(n) > (own?.has(n) ? 1 : 0)));
    return out.size ? out : undefined;
  }

  /** The bases the other files declare for the classes `text` names (extract/imported-bases.ts), for its extraction. */
  basesNamedFor(uri: string, text: string): Map<string, string[]> | undefined {
    return basesNamedIn(text, [...this.basesByUri].flatMap(([u, entries]) => (u === uri ? [] : entries)));
  }

  /** Whether a file other than `excludeUri` declares bases (or an alias target) for `cls`. */
  declaresBases(cls: string, excludeUri?: string): boolean {
    return [...this.basesByUri].some(([uri, entries]) => uri !== excludeUri && entries.some(([c]) => c === cls));
  }

  /** A class's base classes, transitively, as any file of the run declares them (nearest first). */
  basesOf(cls: string): string[] {
    if (!this.bases) {
      this.bases = new Map();
      for (const entries of this.basesByUri.values()) {
        for (const [c, bs] of entries) this.bases.set(c, [...new Set([...(this.bases.get(c) ?? []), ...bs])]);
      }
    }
    return transitiveBases(cls, this.bases);
  }

  /** Every helper of every file but `excludeUri` (list-types.ts reads their command-list creations). */
  functionsBesides(excludeUri: string): FunctionFacts[] {
    return [...this.byUri].flatMap(([uri, entries]) => (uri === excludeUri ? [] : entries.map((e) => e.fn)));
  }

  /**
   * Every helper of every file with its file, in file order: one array until the index changes (list-types.ts keeps
   * what it reads of it by that array, once for all the files of a run instead of once per file).
   */
  helpers(): readonly Entry[] {
    return (this.all ??= [...this.byUri.values()].flat());
  }

  /**
   * Whether a file other than `excludeUri` defines `cls::name` with `argc` parameters with a body that records nothing,
   * and no other file defines a helper of that class, name and arity (two files disagreeing are not believed).
   */
  idleMethod(cls: string, name: string, argc: number, excludeUri?: string): boolean {
    if (!(this.idleUris().get(`${cls}::${name}/${argc}`) ?? []).some((uri) => uri !== excludeUri)) return false;
    return !(this.named().get(name) ?? []).some((e) => e.uri !== excludeUri && e.fn.params.length === argc && classPart(e.fn.qualifiedName) === cls);
  }

  /**
   * `obj.IsMultisampled()` on an object whose class the file cannot name: whether files other than `excludeUri` define
   * a method of that name and arity that records nothing, and none defines a helper of that name (of any class).
   */
  idleInAnyClass(name: string, argc: number, excludeUri?: string): boolean {
    return (this.idleUris().get(`${name}/${argc}`) ?? []).some((uri) => uri !== excludeUri) && !this.defines(name, excludeUri);
  }

  /** Whether a file other than `excludeUri` defines a method of this name that records nothing (idleMethod). */
  definesIdle(name: string, excludeUri?: string): boolean {
    return (this.idleUris().get(name) ?? []).some((uri) => uri !== excludeUri);
  }

  /** The files defining each idle method, by key, by name and arity, and by bare name (rebuilt after a change). */
  private idleUris(): Map<string, string[]> {
    if (!this.idleIndex) {
      this.idleIndex = new Map();
      for (const [uri, keys] of this.idleByUri) {
        for (const k of keys) {
          for (const at of [k, methodName(k), k.slice(k.lastIndexOf('::') + 2)]) {
            const uris = this.idleIndex.get(at);
            if (!uris) this.idleIndex.set(at, [uri]);
            else if (uris[uris.length - 1] !== uri) uris.push(uri);
          }
        }
      }
    }
    return this.idleIndex;
  }

  /** Whether any file other than `excludeUri` defines a function with this name. */
  defines(name: string, excludeUri?: string): boolean {
    // NOTE: by name, not by scanning every file: the CLI asks this for every unresolved call of every file.
    // A qualified call (`ImGui::Text`) counts only a function of that scope, of a base of it, or of no class.
    const cut = name.lastIndexOf('::');
    const scope = cut > 0 ? name.slice(0, cut).split('::').pop()! : undefined;
    const scopes = scope ? [scope, ...this.basesOf(scope)] : undefined;
    const fits = (fn: FunctionFacts) => {
      const owner = scopes ? classPart(fn.qualifiedName) : undefined;
      return owner === undefined || scopes!.includes(owner);
    };
    return (this.named().get(cut > 0 ? name.slice(cut + 2) : name) ?? []).some((e) => e.uri !== excludeUri && fits(e.fn));
  }

  /** Every helper of this name, in any file (a superset of what a call of the name can resolve to). */
  functionsNamed(name: string): readonly FunctionFacts[] {
    return (this.named().get(name) ?? []).map((e) => e.fn);
  }

  delete(uri: string): void {
    this.changes++;
    this.byUri.delete(uri);
    this.methods.set(uri, undefined);
    this.nonConst.set(uri, undefined);
    this.usesByUri.delete(uri);
    this.classViewsByUri.delete(uri);
    this.classFilesByUri.delete(uri);
    this.idleByUri.delete(uri);
    this.idleIndex = null;
    this.classUses = null;
    this.basesByUri.delete(uri);
    this.definitionsByUri.delete(uri);
    this.byName = null;
    this.all = null;
    this.bases = null;
  }

  get size(): number {
    return this.byUri.size;
  }

  /**
   * What another thread needs to resolve the calls of one text (the language server's background re-check): the
   * helpers of the files other than `excludeUri` whose names `spelled` accepts, and every file's class bases.
   * `set()` of each part on an empty index gives an index that answers that text's lookups as this one does. With
   * `text`, the definitions it imports (importsFor) come as one more part.
   */
  slice(excludeUri: string, spelled: (name: string) => boolean, text?: string): WorkspaceSlice[] {
    const uris = new Set([...this.byUri.keys(), ...this.basesByUri.keys(), ...this.methods.uris(), ...this.usesByUri.keys(), ...this.classViewsByUri.keys(), ...this.classFilesByUri.keys(), ...this.idleByUri.keys()]);
    const parts: WorkspaceSlice[] = [...uris].map((uri) => {
      const methods = this.methods.of(uri);
      const nonConst = this.nonConst.of(uri);
      const uses = this.usesByUri.get(uri);
      const views = uri === excludeUri ? undefined : this.classViewsByUri.get(uri);
      const classFile = uri === excludeUri ? undefined : this.classFilesByUri.get(uri);
      const idle = uri === excludeUri ? [] : [...this.idleByUri.get(uri) ?? []].filter((k) => spelled(methodName(k)));
      return {
        uri,
        functions: uri === excludeUri ? [] : (this.byUri.get(uri) ?? []).filter((e) => spelled(e.fn.name)).map((e) => e.fn),
        classBases: this.basesByUri.get(uri) ?? [],
        ...(methods ? { methodConstness: [...methods].map((n): [string, boolean] => [n, !nonConst?.has(n)]) } : {}), ...(uses ? { methodUses: uses } : {}),
        ...(views ? { classViews: views } : {}), ...(idle.length ? { idleMethods: idle } : {}),
        ...(classFile?.frameClasses ? { frameClasses: [...classFile.frameClasses] } : {}), ...(classFile?.methodClasses ? { methodClasses: [...classFile.methodClasses] } : {}),
      };
    }).filter((part) => part.functions.length > 0 || part.classBases.length > 0 || part.methodConstness || part.methodUses || part.classViews || part.frameClasses || part.methodClasses || part.idleMethods);
    const imports = text === undefined ? undefined : this.importsFor(excludeUri, text);
    if (imports) parts.push({ uri: `${excludeUri}#imports`, functions: [], classBases: [], functionDefinitions: [...imports] });
    return parts;
  }

  /**
   * The other files' one function a call of `name` with `argc` arguments evaluates (undefined: none, or several).
   * `cls`: the class it is looked up from (a class, or a class followed by its bases). With `receiver`, `cls` is the
   * declared class of the call's object: a method of another class is never a candidate (receiverMethods).
   */
  lookup(name: string, argc: number, excludeUri?: string, cls?: string | readonly string[], receiver = false): Entry | undefined {
    const all = (this.named().get(name) ?? []).filter((e) => e.uri !== excludeUri);
    const named = receiver && cls ? receiverMethods(all, typeof cls === 'string' ? [cls, ...this.basesOf(cls)] : cls, (e) => e.fn) : all;
    // C++ name lookup: the nearest class of the chain that has the name, then its overloads by arity.
    const candidates = byArity(ofClass(named, cls, (e) => e.fn), argc, (e) => e.fn);
    // Overloads with the same arity in different files are ambiguous: treat as unresolvable.
    return candidates.length === 1 ? candidates[0] : undefined;
  }

  /** The entries by unqualified name, in file order (rebuilt after a change). */
  private named(): Map<string, Entry[]> {
    if (!this.byName) {
      this.byName = new Map();
      for (const entries of this.byUri.values()) {
        for (const e of entries) {
          const list = this.byName.get(e.fn.name) ?? [];
          list.push(e);
          this.byName.set(e.fn.name, list);
        }
      }
    }
    return this.byName;
  }
}

/**
 * Names per file and how many files have each (their union, counted), kept as files are set and deleted: asked at
 * every keystroke, the other files' names are the count less the file's own, not a walk over every file.
 */
class CountedNames {
  private readonly byUri = new Map<string, Set<string>>();
  private readonly files = new Map<string, number>();

  set(uri: string, names: Set<string> | undefined): void {
    for (const n of this.byUri.get(uri) ?? []) {
      const c = (this.files.get(n) ?? 0) - 1;
      if (c > 0) this.files.set(n, c);
      else this.files.delete(n);
    }
    if (!names) {
      this.byUri.delete(uri);
      return;
    }
    this.byUri.set(uri, names);
    for (const n of names) this.files.set(n, (this.files.get(n) ?? 0) + 1);
  }

  of(uri: string): ReadonlySet<string> | undefined {
    return this.byUri.get(uri);
  }

  /** How many files have the name. */
  count(name: string): number {
    return this.files.get(name) ?? 0;
  }

  uris(): IterableIterator<string> {
    return this.byUri.keys();
  }

  get size(): number {
    return this.files.size;
  }
}

/** The method's name in an idleMethodKeys entry (`Texture::IsMultisampled/0` → `IsMultisampled`). */
function methodName(key: string): string {
  return key.slice(key.lastIndexOf('::') + 2, key.lastIndexOf('/'));
}

/** `cls`'s bases, transitively (nearest first, at most 16): the chain a method call on a `cls` object searches. */
export function transitiveBases(cls: string, bases: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  const todo = [...(bases.get(cls) ?? [])];
  while (todo.length && out.length < 16) {
    const b = todo.shift()!;
    if (b === cls || out.includes(b)) continue;
    out.push(b);
    todo.push(...(bases.get(b) ?? []));
  }
  return out;
}

export function functionIndex(facts: Pick<FileFacts, 'functions' | 'fillHelpers' | 'classBases'>, uri: string, workspace?: WorkspaceIndex): FunctionIndex {
  const local = new Map<string, FunctionFacts[]>();
  // Lambdas are called by their own name (`<lambda:12>`), which the call of the local holding one names
  // (extract/local-lambdas.ts); they are never another file's helpers.
  // Functions the file defines with no event at all, by name and arity; a name any relevant function has is not one.
  const idle = new Set<string>();
  // Methods the file defines that record nothing, by class and name (any arity): `Init` of a class this file shows.
  const idleMethods = new Set<string>();
  // Of those, the ones whose body records no command either (a draw or dispatch names no resource, so it does not
  // make a function relevant): their calls record no GPU work.
  const workless = new Set<string>();
  for (const fn of facts.functions) {
    if (!fn.relevant) {
      const key = `${classPart(fn.qualifiedName) ?? ''}::${fn.name}/${fn.params.length}`;
      if (!fn.lambda && !fn.unparsed) idle.add(key);
      if (!fn.lambda && !fn.unparsed && !recordsCommand(fn.body)) workless.add(key);
      const cls = fn.lambda ? undefined : classPart(fn.qualifiedName);
      if (cls) idleMethods.add(`${cls}::${fn.name}`);
      continue;
    }
    local.set(fn.name, [...(local.get(fn.name) ?? []), fn]);
  }
  // NOTE: only the barrier-filling helpers (their calls already wrote the barrier at extraction) keep the states of
  // what they are handed. Keeping states across every helper that records nothing (`SetDebugObjectName(res, ...)`)
  // exposed imprecision elsewhere that the unknown state after the call hid (a member tested in caller and callee:
  // three false warnings on DirectXTK12 ResourceUploadBatch.cpp).
  const fills = new Map((facts.fillHelpers ?? []).map((f) => [f.name, f.params]));
  const resolved = new Map<string, Map<number, Map<string | undefined, { fn: FunctionFacts; uri: string } | undefined>>>();
  const ownBases = new Map(facts.classBases ?? []);
  const chains = new Map<string, string[]>();
  const idleAnswers = new Map<string, boolean>();
  // A class and its bases, from this file and the run's other files: `ctx.F()` on a ComputeContext finds the
  // F of its base CommandContext, declared in another header.
  const chainOf = (cls: string): string[] => {
    let chain = chains.get(cls);
    if (!chain) chains.set(cls, (chain = [cls, ...new Set([...transitiveBases(cls, ownBases), ...(workspace?.basesOf(cls) ?? [])])]));
    return chain;
  };
  return {
    basesOf(cls) {
      return chainOf(cls).slice(1);
    },
    inert(name, argc) {
      return fills.get(name) === argc && !local.has(name) && !workspace?.defines(name, uri);
    },
    eventless(name, argc, cls, elsewhere = true) {
      // NOTE (issue 12): asked at every pass over every unresolved call (interpreter.ts call → idleCallee); the answer
      // is read once per name, arity, class and `elsewhere`, as `resolve`'s is.
      const at = `${name}\0${argc}\0${cls ?? ''}\0${elsewhere ? 1 : 0}`;
      let answer = idleAnswers.get(at);
      if (answer === undefined) idleAnswers.set(at, (answer = eventlessOnce(name, argc, cls, elsewhere)));
      return answer;
    },
    workless(name, argc, cls) {
      return eventlessOnce(name, argc, cls, false, workless);
    },
    idleOfUnnamedClass(name, argc) {
      return !local.has(name) && !!workspace?.idleInAnyClass(name, argc, uri);
    },
    resolve(name, argc, cls, receiver = false) {
      // NOTE: every pass over a call resolves it again; the answer is read once per name, arity and class.
      let byArgc = resolved.get(name);
      if (!byArgc) resolved.set(name, (byArgc = new Map()));
      let byClass = byArgc.get(argc);
      if (!byClass) byArgc.set(argc, (byClass = new Map()));
      const at = receiver && cls ? `${cls}\0receiver` : cls;
      if (byClass.has(at)) return byClass.get(at);
      const found = resolveOnce(name, argc, cls, receiver && !!cls);
      byClass.set(at, found);
      return found;
    },
  };
  function eventlessOnce(name: string, argc: number, cls: string | undefined, elsewhere: boolean, keys: ReadonlySet<string> = idle): boolean {
    const defined = (c: string) => (local.get(name) ?? []).some((f) => f.params.length === argc && classPart(f.qualifiedName) === c);
    if (cls) {
      for (const c of chainOf(cls)) {
        if (keys.has(`${c}::${name}/${argc}`)) return true;
        if (idle.has(`${c}::${name}/${argc}`)) return false;
        if (defined(c)) return false;
        // A method another file of the run defines (the class's header): idle there, idle here.
        if (elsewhere && workspace?.idleMethod(c, name, argc, uri)) return true;
      }
      return false;
    }
    return keys.has(`::${name}/${argc}`) && !local.has(name) && !workspace?.defines(name, uri);
  }
  function resolveOnce(name: string, argc: number, cls: string | undefined, receiver: boolean): { fn: FunctionFacts; uri: string } | undefined {
    const chain = cls ? chainOf(cls) : undefined;
    const own = local.get(name) ?? [];
    // The nearest class of the chain that has the name first, then the arity: `FlushBarriers()` in a ComputeContext
    // is its base CommandContext's `FlushBarriers(bool flush = false)`, never a StateTracker's `FlushBarriers()`.
    const mine = byArity(ofClass(receiver && chain ? receiverMethods(own, chain, (f) => f) : own, chain, (f) => f), argc, (f) => f);
    // `dx_.Initialize(device)` inside `SceneManager::Initialize`: the file's only `Initialize` is its own class's, not
    // the receiver's; the run's other files may define the receiver's (`Common::Initialize` of common.cpp).
    if (chain && mine.length > 0 && !mine.some((f) => inClasses(f, chain))) {
      const other = workspace?.lookup(name, argc, uri, chain, receiver);
      if (other && inClasses(other.fn, chain)) return other;
    }
    if (mine.length === 1) return { fn: mine[0], uri };
    if (mine.length > 1) return undefined;
    const other = workspace?.lookup(name, argc, uri, chain, receiver);
    // `Init(*this, reg, space)` in `CD3DX12_ROOT_DESCRIPTOR::Init`, whose class this file defines a static `Init` of
    // (recording nothing): C++ name lookup stops at the class, so the call is one of its `Init`s (or a base's),
    // never `ParallelSort::Init` of another file of the run. NOTE: evaluating that wrong helper in each such method
    // of a vendored d3dx12.h cost FidelityFX-SDK's helper pass 0.6 s.
    if (other && chain && idleMethods.has(`${chain[0]}::${name}`) && !inClasses(other.fn, chain)) return undefined;
    return other;
  }
}

/**
 * The candidates `obj.F()` can call when obj's declared class is `chain[0]` (its bases after it): F of that class or
 * of a base, or an F no class owns (a template class's inline method, `ImVector::erase` in its class body, is
 * extracted without its class). A method of another class is not one, whether it is the only F of the run or not:
 * `batch.Transition(…)` on a ResourceUploadBatch is never `MSAAHelper::Transition` of another file.
 */
function receiverMethods<T>(xs: T[], chain: readonly string[], fnOf: (x: T) => FunctionFacts): T[] {
  return xs.filter((x) => {
    const owner = classPart(fnOf(x).qualifiedName);
    return owner === undefined || chain.includes(owner);
  });
}

/** Whether `fn` is a method of one of `classes` (`Common::Initialize` of Common). */
function inClasses(fn: FunctionFacts, classes: readonly string[]): boolean {
  const owner = fn.qualifiedName.split('::').slice(-2, -1)[0];
  return owner !== undefined && classes.includes(owner);
}

/** Whether a call with `argc` arguments can call `fn` (default arguments fill the rest). */
export function takes(fn: FunctionFacts, argc: number): boolean {
  return fn.params.length === argc || (fn.required !== undefined && argc >= fn.required && argc < fn.params.length);
}

/**
 * The overloads a call with `argc` arguments can call: those that take it (exactly, or with default arguments the
 * definition shows); failing that, those with more parameters — a default declared on a prototype in another file
 * (`void TransitionResource(..., bool flush = false);` in a header) leaves the left-out parameters unknown.
 */
function byArity<T>(xs: T[], argc: number, fnOf: (x: T) => FunctionFacts): T[] {
  const exact = xs.filter((x) => takes(fnOf(x), argc));
  return exact.length ? exact : xs.filter((x) => fnOf(x).required === undefined && fnOf(x).params.length > argc);
}

/**
 * Overloads of one name in several classes: `obj.F()` with obj's class known picks that class's, else the nearest
 * base's that has one (`cls` may be the class followed by its bases).
 */
function ofClass<T>(xs: T[], cls: string | readonly string[] | undefined, fnOf: (x: T) => FunctionFacts): T[] {
  if (!cls || xs.length < 2) return xs;
  for (const c of typeof cls === 'string' ? [cls] : cls) {
    const own = xs.filter((x) => fnOf(x).qualifiedName.split('::').slice(-2, -1)[0] === c);
    if (own.length) return own;
  }
  return xs;
}

/** Whether a body records a command (`cl->Dispatch(8, 8, 1)`: one that names no resource still records GPU work). */
function recordsCommand(body: Stmt): boolean {
  let found = false;
  forEachEvent(body, (e) => { if (e.kind === 'command') found = true; });
  return found;
}
