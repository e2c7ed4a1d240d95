// Extraction state: the file-wide context (constants, sites, problems, helper templates) and the per-function
// environment with branch regions, so a value assigned on only some paths becomes unknown after the branch.
// The function context also carries the evaluator: construct modules (d3dx12 helpers, brace initializers, API
// calls, declarations...) evaluate their sub-expressions through it, so they never import the core that calls them.
import type { StructKind } from '../model/structs';
import type { MethodImports } from './member-writes';
import type { CommandListType, Range } from '../types';
import type { Expect } from './expect';
import type { Condition, Event, ExtractProblem, Field, ResourceRef, Site, Stmt, UserCallEvent } from './facts';
import type { SyntaxNode } from './node';
import type { ArrayVal, AVal, StructVal } from './values';
import type { DescriptorPass } from './descriptor-facts';
import { getMember, keepAddress, sameVal } from './values';
import { mergeContainer, restoreContainer, snapshotOf } from './container-paths';
import type { BranchValue, ParamKeys } from './param-choices';
import { argumentChoice } from './param-choices';

/** A barrier-queue add method: one append of its one barrier parameter to a member container (queue-methods.ts). */
export interface QueueMethod {
  /** The member container the parameter is appended to, as the method spells it. */
  container: SyntaxNode;
  member: string;
  kind: Expect;
  /** The parameter is a pointer, appended dereferenced (`m_pending.push_back(*b)`). */
  pointer: boolean;
  /** The definition's text (the per-function cache keys callers with it). */
  text: string;
}

/** A function whose return value is a barrier struct built from its parameters (`MakeBarrier(res, a, b)`). */
export interface ReturnTemplate {
  params: string[];
  value: AVal;
  /** A local lambda's (`auto make = [](…) { return …; };`): the calls it names lie in this byte span of its block. */
  within?: { start: number; end: number };
  /** A method's class (`DX12Resource::TransitionResState` → DX12Resource): `obj.M(…)` on an object of it instantiates it. */
  owner?: string;
  /** The namespace the function is defined in (`namespace gfx { … }`): `gfx::Transition(…)` names it. */
  namespace?: string;
  /** Defined in another file of the run (imported-helpers.ts): its ranges are moved to each call. */
  imported?: true;
  /** The parameters' default arguments (`UINT sub = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES`), null where none. */
  defaults?: readonly (SyntaxNode | null)[];
}

/**
 * A function that fills a barrier struct through a non-const pointer or reference parameter
 * (`Fill(&b, res, before, after)`): what it leaves in that struct, built from its other parameters. `replaced`: it
 * assigned the whole struct (`out = {}`, `*out = CD3DX12_...`), so members it did not write are reset too.
 */
export interface FillTemplate {
  params: string[];
  out: number;
  value: StructVal;
  replaced: boolean;
  /**
   * A helper writing consecutive elements through its pointer (`out[0] = …; out[1] = …; return 2;`): what it leaves
   * in each, from the pointed-at element on (`value` is the first). Each element is replaced whole.
   */
  elements?: StructVal[];
  /** Defined in another file of the run (imported-helpers.ts): its ranges are moved to each call. */
  imported?: true;
  /** The parameters' default arguments (`UINT sub = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES`), null where none. */
  defaults?: readonly (SyntaxNode | null)[];
  /**
   * A method's class (`Buffer::TrackUsageAndGetResourceBarrier` → Buffer): `obj->M(&b, …)` on an object of it fills
   * `b` with the method's members taken as obj's (`obj->mResource`).
   */
  owner?: string;
  /** Its fill is skipped by a state-tracking early return (fill-guards.ts): a caller's `if (M(&b)) submit b` is a guard. */
  skipsByState?: true;
}

/** A function (or a lambda, by the local it initialises) of the file, with how each parameter may be written. */
export interface HelperCandidate {
  name: string;
  /** `Class::name` for a method defined out of its class (the walk then reads members as the method's). */
  qualified: string;
  params: string[];
  paramTypes: string[];
  /** Per parameter: written through a non-const reference or pointer, or not at all. */
  writable: OutParam[];
  /** The struct kind each parameter's declared type names, if any. */
  kinds: (StructKind | undefined)[];
  body: SyntaxNode;
}

/** A helper of the file that only submits the barriers its caller hands it (submit-helpers.ts). */
export interface SubmitHelper {
  params: number;
  method: 'Barrier' | 'ResourceBarrier';
  /** The list: the parameter it is, or the helper's own expression (a member, or what a lambda captures). */
  list: number | SyntaxNode;
  /** The count: the parameter it is, the helper's literal, or `size` (the submitted container's size). */
  count: number | SyntaxNode | 'size';
  /** The barrier argument: `b` (a pointer parameter), `&b` (a struct by reference), `v.data()` / `&v[0]` (a container). */
  payload: { param: number; via: 'pointer' | 'address' | 'data' };
  /**
   * The helper wraps the caller's texture/buffer/global barrier(s) into a group of its own and submits that one
   * group (`D3D12_BARRIER_GROUP g = { TYPE, n, &t }; cl->Barrier(1, &g);`): `count` is the group's NumBarriers (a
   * parameter or the helper's literal).
   */
  wrap?: { count: number | SyntaxNode };
  /** Defined in another file of the run: the imported tree its syntax is read from, anchored at each call (imported-helpers.ts). */
  from?: SyntaxNode;
}

export interface SiteRecord {
  site: Site;
  /** Live struct for sites built field by field: the facts snapshot is taken at the end of the function. */
  live?: StructVal;
  /** A barrier local its function never reads (declarations.ts neverRead): not a barrier anyone records. */
  unread?: boolean;
}

/** How a callee may write what a parameter receives: through a reference, through a pointer, or not at all. */
export type OutParam = 'ref' | 'ptr' | false;

/** A plain aggregate struct of the file (records.ts): its members in declaration order. */
export interface StructRecord {
  fields: string[];
  /** Which members hold a resource pointer (evaluated as a resource reference). */
  resource: boolean[];
  /** Each member's declared type, as written (a member that is itself a record of the file takes braces). */
  types?: string[];
  /** Members declared as arrays (`struct test_iteration iterations[3];`): a braced initializer of theirs is the rows. */
  arrays?: boolean[];
  /** Members a braced initializer that leaves them out zero-initialises (scalars without a default member initializer). */
  zeros?: boolean[];
}

/** A getter indexing a member by its parameters (`ID3D12Resource* Get(uint32_t h) const { return objects[h]; }`; resource-getters.ts). */
export interface IndexedGetter {
  params: string[];
  expr: SyntaxNode;
}

/** What a file says of one class's constructors and destructor (worked out by constructor-calls.ts). */
export interface Lifetime {
  /** The class's body is in the file. */
  seen: boolean;
  /** It declares a constructor (in the body or `Cls::Cls(` out of it). */
  ctor: boolean;
  /** It declares a destructor (`~Cls(` in the body or `Cls::~Cls(`). */
  dtor: boolean;
  /** A constructor initialises members from what it is handed (`Cls(…) : m_res(res)`). */
  initList: boolean;
  /** The class declares data members (`ID3D12Resource* m_res;`): the object may keep what it is handed. */
  members: boolean;
}

/**
 * A function of the file that creates a list into its out-parameter `listParam` (list-factories.ts), of a fixed type
 * or of its parameter `typeParam`.
 */
export interface OutListFactory {
  params: number;
  listParam: number;
  type?: CommandListType;
  typeParam?: number;
}

/**
 * A function of the file that creates a list and returns it (list-factories.ts): of a fixed type or of its parameter
 * `typeParam` (`params` long); `member` when the list is a member of the returned local (`IID_PPV_ARGS(&out.list)`).
 */
export interface ListFactory {
  params: number;
  type?: CommandListType;
  typeParam?: number;
  /**
   * One creation per value of a parameter (`switch (type) { case Kind::Compute: …COMPUTE…; default: …DIRECT… }`,
   * `if (type == Kind::Compute) … else …`): the type for each value of parameter `param` (`otherwise`: the rest).
   */
  byValue?: { param: number; cases: { value: number; type: CommandListType }[]; otherwise?: CommandListType };
  member?: string;
}

export interface FileCtx {
  text: string;
  constants: Map<string, AVal>;
  /**
   * Object-like macros the file defines as an integer literal (`#define USE_MIRROR 0`), by name: the value, or null
   * when the file gives the name two different values. `#if USE_MIRROR` in a body is decided by it (walker.ts).
   */
  switchMacros?: Map<string, number | null>;
  /** D3D12-prefixed names the file itself defines (`#define`, file-scope `const`/`constexpr`), foldable or not. */
  definedNames?: Set<string>;
  /** The file's namespace-scope `const`/`constexpr` numbers, by name: their declarations (exported: imported-functions.ts). */
  constantDecls?: Map<string, SyntaxNode>;
  /** Constants that are the file's enumerators (a parameter or local of the same name hides them). */
  enumerators?: Set<string>;
  /** Enumerators of other files of the run given to this extraction (not the file's own). */
  importedEnumerators?: Set<string>;
  /** Names the file uses as values but could not fold: enumerators or header constants another file of a run may define. */
  unfolded?: Set<string>;
  /**
   * How many times the file's own pass defined each name outside functions (`#define`, `const`/`constexpr`, a class's
   * `static const`): a header's constants defined once go to the other files of a run (constants.ts exportedConstants).
   */
  ownConstants?: Map<string, number>;
  sites: SiteRecord[];
  problems: ExtractProblem[];
  templates: Map<string, ReturnTemplate>;
  /** The file's functions that fill a barrier through an out-parameter, by name (one overload only). */
  fills?: Map<string, FillTemplate>;
  /** Identifiers already reported as unknown enumerators at a position (avoid duplicates). */
  reported: Set<string>;
  /** Declared types of class members and namespace-scope variables, by name (types.ts). */
  memberTypes: Map<string, string>;
  /** The file's aliases of D3D12/DXGI interfaces (`using D3d12CommandList = ID3D12GraphicsCommandList7;`), type-aliases.ts. */
  typeAliases?: Map<string, string>;
  /** Classes of the file whose `operator->` returns a D3D12/DXGI interface, with that type (type-aliases.ts). */
  arrowTargets?: Map<string, string>;
  /** Of those classes, the member the operator returns (`return list;`), by class name (type-aliases.ts arrowMembers). */
  arrowMembers?: Map<string, string>;
  /** Declared types of class members by declaring class, `Cls::name` (nested classes joined, namespaces left out). */
  classMemberTypes?: Map<string, string>;
  /** The length expression of those declared as one-dimensional arrays (`m_targets[FrameCount]`), null when two
   *  declarations of the name disagree (types.ts). */
  memberArraySizes?: Map<string, SyntaxNode | null>;
  /**
   * Names whose declared type a D3D12 command met without knowing (its receiver's, its resources'): another file of
   * a run (the class's header) may declare them as members of another API (types.ts: noteUntyped).
   */
  untyped?: Set<string>;
  /** Names declared as class members / at namespace scope in this file (a name in both is neither: ambiguous). */
  classMembers?: Set<string>;
  globals?: Set<string>;
  /**
   * Static data members the file declares (`static std::vector<B> s_batch;` in a class body) or defines
   * (`std::vector<B> Texture::s_batch = {};`): one object shared by every instance, never a receiver's member.
   */
  staticMembers?: Set<string>;
  /** Methods other files of a run declare `const` only (a base class's getters), and the ones this file called unknown. */
  methodImports?: MethodImports;
  /** Barrier-queue add methods another file of the run defines, by name (queue-methods.ts). */
  importedQueueMethods?: ReadonlyMap<string, QueueMethod>;
  /**
   * Every name written inside the file's subscripts (`a[i]`, `m_rt[m_frame].res`): a write to one of them re-indexes
   * (rebinds.ts). A table read by key, so the function cache records which names a function asked about.
   */
  subscriptNames?: ReadonlySet<string>;
  /** The file's methods, what member-writes.ts reads to tell whether a call through `this` may write a member. */
  methodIndex?: import('./member-writes').FileMethods;
  /** What the methods of the file do with members (member-facts.ts); set like methodIndex for the function cache. */
  memberUses?: MemberUses;
  /** Methods of the file's classes that other files of the run define and that record barriers (member-facts.ts). */
  recordingMethods?: ReadonlySet<string>;
  /** Functions the file defines or declares outside any class (`void Upload(...)`): an unqualified call to one is no method. */
  freeFunctions?: Set<string>;
  /** Base classes of the file's classes, by class name (`class GraphicsContext : public CommandContext`). */
  classBases?: Map<string, string[]>;
  /** Base classes other files of the run declare for classes the file names (imported-bases.ts), by class name. */
  importedBases?: ReadonlyMap<string, readonly string[]>;
  /** Classes and structs whose body (member list) this file holds, by simple name. */
  classBodies?: Set<string>;
  /** What other files of the run say of the constructors and destructor of classes they give a body (constructor-calls.ts exportedLifetimes), by simple name. */
  importedClasses?: ReadonlyMap<string, string>;
  /** What the file says of each class's constructors and destructor, asked by class name (constructor-calls.ts). */
  lifetimes?: { get(cls: string): Lifetime };
  /** The file's enums and classes that cannot hold a command list (plain-types.ts), by simple name. */
  plainClasses?: Set<string>;
  /** Names of the methods the file's classes declare or define, and those other files of the run define for them. */
  declaredMethods?: Set<string>;
  /** The file's classes that hold a command list (plain-types.ts), by simple name: a call handed one may record barriers. */
  listHolders?: Set<string>;
  /** The file's aggregate structs of its own (`struct Step { D3D12_RESOURCE_STATES before, after; };`), by name (records.ts). */
  records?: Map<string, StructRecord>;
  /** Return types of the file's functions, by simple name (types.ts collectReturnTypes). */
  returnTypes?: Map<string, string>;
  /** Functions that create a list of a fixed type and return it (list-factories.ts), by simple name. */
  listFactories?: Map<string, ListFactory>;
  /** Functions of the file that create a command list into an out-parameter (list-factories.ts). */
  outListFactories?: Map<string, OutListFactory>;
  /** Function-like macros that forward to one call (extract/forwarding-macros.ts), by macro name. */
  forwarders?: Map<string, import('./forwarding-macros').Forwarder>;
  /**
   * Functions of this file by name: for each overload, which parameters are barrier structs taken by non-const
   * reference or pointer (the callee may fill or change them).
   */
  /** Per function name (each overload): how each parameter may be written by the callee. */
  outParams: Map<string, OutParam[][]>;
  /** The descriptor walker's tables and binding-call arguments (descriptors.ts), when the file has descriptor code. */
  descriptors?: DescriptorPass;
  /** Parameterless getters returning a member resource (resource-getters.ts), by name: their expression. */
  resourceGetters?: Map<string, SyntaxNode>;
  /**
   * Imported resource getters of a name two classes of the run define differently, by class (`Texture::Native`):
   * a call on an object of a known class takes that class's (resources.ts receiverGetter), with the class a declared
   * type names (`receiverClass`, types.ts classOfType).
   */
  classResourceGetters?: Map<string, SyntaxNode>;
  /** The bare names of `classResourceGetters` (`Native`), for a call whose receiver's class is not asked. */
  classResourceGetterNames?: Set<string>;
  /** types.ts classOfType, handed over here: resources.ts cannot import types.ts (types.ts imports resources.ts). */
  receiverClass?: (type: string | undefined) => string | undefined;
  /** Getters returning an element of a member resource array chosen by their parameters (resource-getters.ts). */
  indexedGetters?: Map<string, IndexedGetter>;
  /** Parameterless getters returning a member resource's GPU address (resource-getters.ts), by name: that member. */
  addressGetters?: Map<string, SyntaxNode>;
  /** Parameterless getters handing out a member barrier container's elements (resource-getters.ts), by name: that member. */
  containerGetters?: Map<string, SyntaxNode>;
  /** The locals the file's lambdas initialise (`auto transition = [&](…) {…}`), by name (local-lambdas.ts). */
  lambdaNames?: Set<string>;
  /** Heaps the file creates, by the heap object's key: their heap type, null when not one known type (creation-heaps.ts). */
  heapTypes?: Map<string, number | null>;
  /** Heap-properties objects of the file written outside the creating function, with their heap type (shared-heap-properties.ts). */
  sharedHeapTypes?: Map<string, number | null>;
  /** The file's helpers that only submit the barriers a caller hands them (submit-helpers.ts), by name. */
  submitHelpers?: Map<string, SubmitHelper>;
  /** The file's helpers that fill a desc argument (fill-helpers.ts): what one leaves in a struct of `kind`. */
  fillHelper?: (name: string, argCount: number, index: number, kind: import('../model/structs').StructKind, values: (AVal | undefined)[]) => StructVal | undefined;
}

type WriteKey = string;
interface Write {
  apply(v: AVal): void;
  old: AVal;
  current(): AVal;
  /** The struct written to, when the target is a member (objects created inside a branch are not merged). */
  owner?: object;
}

/** Writes made inside one branch of a conditional, to targets that existed before it. */
interface Region {
  writes: Map<WriteKey, Write>;
  createdInside: Set<object>;
  /** Alternatives (if/else): a container's elements are kept per branch (container-paths.ts). */
  containers?: boolean;
}

/** How `branches` treats containers: per-branch element lists (`containers`), tied to `cond` for an if/else. */
export interface BranchOptions {
  containers?: boolean;
  /** An if/else or switch: a value known on every path keeps those values (`Field.oneOf`); never a loop body. */
  alternatives?: boolean;
  /** The if/else or switch tests a parameter of the function: the values it keeps per path are marked `paramChoice`. */
  paramChoice?: boolean;
  /** The same, when the parameter is tested bare: which argument takes which branch (param-choices.ts). */
  paramKeys?: ParamKeys;
  cond?: Condition;
  /** Where the if statement ends (source offset): the condition is tied to a later submission only if unwritten. */
  end?: number;
  /** Switch cases: a case that does not end in `break` falls through, so its own writes are not its path's values. */
  cases?: boolean;
  /**
   * An if whose branches write a value its condition reads (container-paths.ts branchLabel): per-branch container
   * lists are tied to this label instead of the condition; `used` is set when one is.
   */
  label?: BranchLabel;
}

/** A label the walker writes on an if's paths (1 on the then-branch, 0 before the if) and `cond` tests. */
export interface BranchLabel {
  cond: Condition;
  sym: string;
  used?: boolean;
}

/** The old value of a name no path had bound before the branch that assigns it. */
const UNBOUND: AVal = { t: 'unknown', text: '(unbound)', range: { startLine: 0, startColumn: 0, endLine: 0, endColumn: 0 } };

let objectIds = new WeakMap<object, number>();
let nextObjectId = 1;
function objectId(o: object): number {
  let id = objectIds.get(o);
  if (id === undefined) objectIds.set(o, (id = nextObjectId++));
  return id;
}
export function resetObjectIds(): void {
  objectIds = new WeakMap();
  nextObjectId = 1;
  nextJoin = 1;
}

/** Identity of one if/else or switch join, for the values it keeps per branch (`Field.perPath`). */
let nextJoin = 1;

/** The next join id (function-cache.ts: the joins a function made are the ids from its first to the next one's). */
export function joinsMade(): number {
  return nextJoin;
}

/** A kept function's joins were replayed (function-cache.ts): the next function numbers its own after them. */
export function skipJoins(count: number): void {
  nextJoin += count;
}

/** One join's branches that reach the code after it, each with its own value of a target. */
interface Aligned {
  join: number;
  /** Null: the branch left a zero nobody chose (`unchosen`). */
  values: (AVal | null)[];
}

/**
 * The one recursive core of the extractor: expression → abstract value (expression-core.ts implements it). Every
 * construct module reaches it through `evalValue` / `visitCalls` below, with the function context it evaluates in.
 */
export interface Evaluator {
  /** The value of an expression, directed by what the context expects (a number, a resource, a struct kind). */
  value(node: SyntaxNode, expect: Expect, fn: FnCtx): AVal;
  /** Record the events and side effects (calls, `n++`, `x = ...`) of an expression whose value is not needed. */
  effects(node: SyntaxNode, fn: FnCtx): void;
  /** Record `T t(args)` at `at` as a call of class `cls`'s constructor (constructor-calls.ts); its event. */
  construct(at: SyntaxNode, typeNode: SyntaxNode, cls: string, args: SyntaxNode[], fn: FnCtx): UserCallEvent | undefined;
}

export function evalValue(node: SyntaxNode, expect: Expect, fn: FnCtx): AVal {
  return fn.evaluator.value(node, expect, fn);
}

export function visitCalls(node: SyntaxNode, fn: FnCtx): void {
  fn.evaluator.effects(node, fn);
}

export class FnCtx {
  readonly env = new Map<string, AVal>();
  /** Declared types of parameters and locals, by name (source text with pointer/reference marks). */
  readonly types = new Map<string, string>();
  /** Statement sink for the events of the statement being walked. */
  events: Event[] = [];
  loopDepth = 0;
  /** Per enclosing loop (outermost first), the names it rebinds on each iteration (walker.ts varyingNames). */
  readonly loopVarying: Set<string>[] = [];
  /** The test of each if/else join the function made (`Field.perPath.join`), for a barrier submitted after it (branch-forms.ts). */
  readonly joinTests = new Map<number, { cond: Condition; end: number }>();
  /** Branch labels made so far (container-paths.ts branchLabel): numbers them within the function. */
  labels = 0;
  /** The function's own node (extract.ts newFnCtx): a part of its text is read through it (textBetween). */
  node?: SyntaxNode;
  /**
   * The source text from `from` to `to` (offsets into the file's text). Inside the function's own node it is read
   * from that node's text, which the function cache's key holds (function-cache.ts cacheKey): the function's
   * extraction stays reusable while typing goes on elsewhere. Anywhere else it is read from the file's text, which
   * the cache cannot vouch for (its recording stops: the extraction is not kept).
   */
  textBetween(from: number, to: number): string {
    const n = this.node;
    if (n && n.startIndex <= from && from <= to && to <= n.endIndex) return n.text.slice(from - n.startIndex, to - n.startIndex);
    return this.file.text.slice(from, to);
  }
  /** How many enclosing if statements have a condition the path facts cannot follow (track/apply.ts view creations). */
  undecided = 0;
  /** `c ? a : b` arguments lowered to an if around their statement (ternary-statements.ts): the side each takes here. */
  forcedBranches?: Map<string, boolean>;
  /** Objects constructed with arguments whose destructor runs at the end of their block (constructor-calls.ts). */
  readonly liveObjects: UserCallEvent[] = [];
  /** Names of the barrier structs class members hold that the method mentions (member-barriers.ts). */
  memberBarriers?: Set<string>;
  /** The function is a method of a class (defined in its body, or `Class::Name`): its member names follow the receiver. */
  method = false;
  /**
   * An out-of-line method (`Texture2D::Upload`) of a class whose body this file does not hold (its header): the
   * file cannot list the class's members, so a name the file does not declare otherwise is taken as one of them.
   */
  foreignClass = false;
  /** A method of a class of the file that holds no command list (plain-types.ts): its own methods record no barrier. */
  plainClass = false;
  /**
   * While a helper of the file is walked in place (inline-helpers.ts): names a resource expression rooted in the
   * helper's own names in the caller's terms (undefined: not rooted there).
   */
  objectRef?: (n: SyntaxNode) => ResourceRef | undefined;
  /** How many helpers are being walked in place around the walk (inline-helpers.ts): their tests run on known values. */
  inlineDepth = 0;
  /**
   * While a function returning a record of the file is read as a template (extract.ts readTemplates): the record, so
   * a local of it declared without an initializer (`BarrierDesc d;`, filled member by member) is one, of unknowns.
   */
  builtRecord?: StructRecord;
  /**
   * Reading a barrier-returning helper's template (extract.ts readTemplates): a state-tracking wrapper's guard
   * (`if (m_state != to) { b = Transition(res, m_state, to); m_state = to; } return b;`, state-guards.ts 'then') is
   * read as its author means it, the transition; the skipped path's barrier is the empty one its callers never submit.
   */
  readsTemplate?: boolean;
  private regions: Region[] = [];

  constructor(readonly file: FileCtx, readonly params: string[], readonly name: string, readonly evaluator: Evaluator) {}

  /** Note a newly created object (struct/array) so writes to it inside the current branch are not merged. */
  created<T extends object>(o: T): T {
    for (const r of this.regions) r.createdInside.add(o);
    return o;
  }

  /** A nested struct created on demand inside `parent` exists wherever the parent does (same branch regions). */
  createdWith<T extends object>(child: T, parent: object): T {
    for (const r of this.regions) if (r.createdInside.has(parent)) r.createdInside.add(child);
    return child;
  }

  /**
   * Bind a name. `assigned`: an assignment (`m_res = nullptr;`), not a declaration — a name the function had not
   * bound yet (a member, a global) is unbound again on the other paths of an enclosing branch, so the value does not
   * leak past the join as if every path had assigned it.
   */
  bind(name: string, v: AVal, assigned = false): void {
    keepAddress(v);
    const prior = this.env.get(name) ?? (assigned ? UNBOUND : undefined);
    if (prior) {
      this.logWrite(`v:${name}`, prior, (nv) => (nv === UNBOUND ? this.env.delete(name) : this.env.set(name, nv)), () => this.env.get(name) ?? UNBOUND, undefined);
    }
    this.env.set(name, v);
  }

  setMember(s: StructVal, member: string, v: AVal, prior: AVal): void {
    keepAddress(v);
    this.logWrite(`m:${objectId(s)}:${member}`, prior, (nv) => s.members.set(member, nv), () => s.members.get(member)!, s);
    s.members.set(member, v);
  }

  /** Replace element `index` of an array (`arr[1] = CD3DX12_...(...)`), merged across branches like a member. */
  setElement(a: ArrayVal, index: number, v: AVal, prior: AVal): void {
    this.logWrite(`e:${objectId(a)}:${index}`, prior, (nv) => {
      a.elems[index] = nv;
    }, () => a.elems[index], a);
    a.elems[index] = v;
    // An element replaced by index: which path's list it belongs to is not followed (the union stays).
    a.paths = undefined;
  }

  /**
   * A container is about to change (push_back, clear, resize). Inside if/else alternatives its element list is
   * remembered per branch; elsewhere (a loop body, a switch case) it changes in place, as it always did.
   */
  touchContainer(a: ArrayVal): void {
    const region = this.regions[this.regions.length - 1];
    if (!region?.containers) return;
    const key = `c:${objectId(a)}`;
    this.logWrite(key, snapshotOf(a), (nv) => {
      if (nv.t === 'array') restoreContainer(a, nv);
    }, () => snapshotOf(a), a);
  }

  private logWrite(key: WriteKey, old: AVal, apply: (v: AVal) => void, current: () => AVal, owner: object | undefined): void {
    const region = this.regions[this.regions.length - 1];
    if (!region || region.writes.has(key)) return;
    // An object created inside this branch does not exist on the other paths: nothing to merge. (One created in an
    // enclosing branch does: a write to it here is conditional.)
    if (owner && region.createdInside.has(owner)) return;
    region.writes.set(key, { apply, old, current, owner });
  }

  /**
   * Walk alternative branches (if/else, switch cases, a loop body that may not run). After them, a target written
   * differently on different paths (or only on some, when not exhaustive) becomes unknown.
   */
  branches(runs: (() => Stmt)[], exhaustive: boolean, unknownAt: (k: string) => AVal, opts: BranchOptions = {}): Stmt[] {
    const results: Stmt[] = [];
    const finals: Map<WriteKey, { write: Write; values: AVal[]; byRun: AVal[] }> = new Map();
    let live = 0;
    const liveRuns: number[] = [];
    const join = nextJoin++;
    if (opts.cond && opts.end !== undefined && runs.length === 2 && exhaustive) this.joinTests.set(join, { cond: opts.cond, end: opts.end });
    // NOTE: a plain loop, not forEach: the walker recurses through here once per nested if, so every frame counts.
    for (let i = 0; i < runs.length; i++) {
      const run = runs[i];
      const region: Region = { writes: new Map(), createdInside: new Set(), ...(opts.containers ? { containers: true } : {}) };
      this.regions.push(region);
      const stmt = run();
      results.push(stmt);
      this.regions.pop();
      // A branch that always returns (`if (FAILED(hr)) { m_res = nullptr; return false; }`): what it wrote never
      // reaches the code after the join.
      if (returns(stmt)) {
        for (const write of region.writes.values()) write.apply(write.old);
        continue;
      }
      live++;
      if (!opts.cases || endsInBreak(stmt)) liveRuns.push(i);
      for (const [key, write] of region.writes) {
        const entry = finals.get(key) ?? { write, values: [], byRun: [] };
        entry.values.push(write.current());
        entry.byRun[i] = entry.values[entry.values.length - 1];
        finals.set(key, entry);
        write.apply(write.old);
      }
    }
    for (const [key, { write, values, byRun }] of finals) {
      if (key.startsWith('c:') && write.owner) {
        const lists = runs.flatMap((_, i) => (results[i] && returns(results[i]) ? [] : [byRun[i] ?? write.old])).filter((v): v is ArrayVal => v.t === 'array');
        const tied = mergeContainer(write.owner as ArrayVal, exhaustive ? lists : [...lists, write.old as ArrayVal], { cond: opts.label?.cond ?? opts.cond, end: opts.end, perPath: !!opts.containers });
        if (tied && opts.label) opts.label.used = true;
        const outer = this.regions[this.regions.length - 1];
        if (outer && !outer.writes.has(key) && !outer.createdInside.has(write.owner)) outer.writes.set(key, { ...write });
        continue;
      }
      const all = exhaustive && values.length === live ? values : [...values, write.old];
      const first = all[0];
      const choice = opts.cond && exhaustive && runs.length === 2 && live === 2 ? { cond: opts.cond, byRun: [byRun[0] ?? write.old, byRun[1] ?? write.old] } : undefined;
      // Only the paths that leave through the join's own branches: not the one past an if without else, nor a case
      // falling through.
      const aligned = { join, values: liveRuns.map((i) => byRun[i] ?? unchosen(write.old)) };
      const alternatives = all.every((v) => sameVal(v, first)) ? first
        : differingResource(all, unknownAt(key), choice) ?? withAlternatives(unknownAt(key), opts.alternatives ? all : [], aligned, opts.paramChoice);
      const merged = opts.paramKeys && alternatives !== first ? chosenPerArgument(alternatives, opts.paramKeys, { results, byRun, old: write.old, cases: !!opts.cases }) : alternatives;
      write.apply(merged);
      // The merge is itself a write for an enclosing region.
      const outer = this.regions[this.regions.length - 1];
      if (outer && !outer.writes.has(key) && !(write.owner && outer.createdInside.has(write.owner))) outer.writes.set(key, { ...write });
    }
    return results;
  }
}

/**
 * A local the branches of an if/else or switch on a bare parameter wrote with a known number each: the numbers
 * keep which argument picks which (`Field.byParam` / `byParamCases`), so a call that passes a known argument gets
 * its path's number. A branch that leaves the function, or falls through after statements of its own, is not known.
 */
function chosenPerArgument(merged: AVal, keys: ParamKeys, join: { results: Stmt[]; byRun: AVal[]; old: AVal; cases: boolean }): AVal {
  if (merged.t !== 'num' || !merged.f.oneOf || !merged.f.paramChoice) return merged;
  const numberOf = (v: AVal): number | null => (v.t === 'num' && v.f.param === undefined && !v.f.oneOf ? v.f.value : null);
  const values: BranchValue[] = join.results.map((stmt, i) => {
    if (returns(stmt)) return null;
    if (join.cases && !endsInBreak(stmt)) return isEmpty(stmt) ? 'next' : null;
    const v = join.byRun[i] ?? join.old;
    return v.t === 'num' && v.f.byParamCases ? v.f.byParamCases : numberOf(v);
  });
  const chosen = argumentChoice(keys, values, numberOf(join.old));
  return chosen ? { t: 'num', f: { ...merged.f, ...chosen } } : merged;
}

/** A walked branch with no statement (an empty case label). */
function isEmpty(s: Stmt): boolean {
  return s.k === 'seq' && s.body.every(isEmpty);
}

/** Whether a walked switch case ends in `break` (it does not fall through into the next case). */
function endsInBreak(s: Stmt): boolean {
  if (s.k === 'break') return true;
  if (s.k !== 'seq') return false;
  for (let i = s.body.length - 1; i >= 0; i--) {
    const last = s.body[i];
    if (last.k === 'seq' && last.body.length === 0) continue;
    return endsInBreak(last);
  }
  return false;
}

/** Whether a walked branch ends in `return` on every path (its writes never reach what follows). */
function returns(s: Stmt): boolean {
  if (s.k === 'return') return true;
  if (s.k === 'seq') return s.body.some(returns);
  if (s.k === 'if') return !!s.else && returns(s.then) && returns(s.else);
  return false;
}

/**
 * A resource pointer that names one resource on one path and another (or its own, unassigned name) on another
 * (`if (ms) create(&src); else src = texture;`): after the join it names no known resource — never the local's own
 * name, which is the resource on neither path. After an if/else with a condition the tracker may decide, each
 * branch's resource is kept (`ResourceRef.choice`).
 */
function differingResource(values: AVal[], unknown: AVal, choice?: { cond: Condition; byRun: AVal[] }): AVal | undefined {
  if (!values.some((v) => v.t === 'res' && v.ref.key !== null)) return undefined;
  const text = unknown.t === 'num' ? unknown.f.text : 'resource (differs between paths)';
  const range = unknown.t === 'num' ? unknown.f.range : (values.find((v) => v.t === 'res') as { ref: { range: Range } }).ref.range;
  const known = (v: AVal) => (v.t === 'res' && v.ref.key !== null && !v.ref.unknown && !v.ref.choice ? v.ref : null);
  const [then, otherwise] = choice ? choice.byRun.map(known) : [null, null];
  return { t: 'res', ref: { key: null, text, range, unknown: true, ...(choice && (then || otherwise) ? { choice: { cond: choice.cond, then, else: otherwise } } : {}) } };
}

/**
 * A value that differs between the paths of an if/else or a switch but is a known number on each of them keeps
 * those numbers (`Field.oneOf`): a rule may report what is wrong on every path. Never for a loop body, whose
 * iterations the walker does not repeat.
 */
function withAlternatives(unknown: AVal, values: AVal[], aligned?: Aligned, paramChoice?: boolean): AVal {
  if (unknown.t !== 'num' || values.length === 0) return unknown;
  if (values.every((v) => v.t === 'struct')) return structAlternatives(unknown, values as StructVal[], aligned, paramChoice) ?? unknown;
  const seen = new Set<number>();
  let byParam = !!paramChoice;
  for (const v of values) {
    if (v.t !== 'num' || v.f.param !== undefined) return unknown;
    const known = v.f.value !== null ? [v.f.value] : v.f.oneOf;
    if (!known) return unknown;
    for (const k of known) seen.add(k);
    if (v.f.paramChoice || v.f.byParam) byParam = true;
  }
  const perPath = aligned && aligned.values.length > 1 ? concreteFields(aligned.values) : undefined;
  return {
    t: 'num',
    f: { ...unknown.f, oneOf: [...seen], ...(perPath ? { perPath: { join: aligned!.join, fields: perPath } } : {}), ...(byParam ? { paramChoice: true as const } : {}) },
  };
}

/** A value a branch left as it was: null when nobody chose it (value-initialised or zero-filled). */
function unchosen(old: AVal): AVal | null {
  return old.t === 'num' && (old.f.origin === 'value-init' || old.f.origin === 'zero-fill') ? null : old;
}

/** Each value as a plain field (null where the path left a zero nobody chose), when every one is a known number. */
function concreteFields(values: readonly (AVal | null)[]): (Field | null)[] | undefined {
  const out: (Field | null)[] = [];
  for (const v of values) {
    if (v === null) {
      out.push(null);
      continue;
    }
    if (v.t !== 'num' || v.f.value === null || v.f.param !== undefined) return undefined;
    out.push({ value: v.f.value, text: v.f.text, range: v.f.range, ...(v.f.origin ? { origin: v.f.origin } : {}) });
  }
  return out.some((f) => f) ? out : undefined;
}

/**
 * One barrier struct assigned whole on each path (`if (d) b = Transition(res, A, B); else b = Transition(res, C, D);`):
 * the same members stay, those that differ keep their per-path numbers (`Field.oneOf`). Only for structs of one
 * kind, none of them a loop element or a stand-in; the merged struct is the first path's construction site.
 */
function structAlternatives(unknown: AVal & { t: 'num' }, structs: StructVal[], aligned?: Aligned, paramChoice?: boolean): StructVal | null {
  const first = structs[0];
  if (structs.some((s) => s.kind !== first.kind || s.fromLoop || s.standIn || s.zeroInit !== first.zeroInit)) return null;
  const members = new Map<string, AVal>();
  const names = new Set(structs.flatMap((s) => [...s.members.keys()]));
  for (const name of names) {
    const vals = structs.map((s) => s.members.get(name) ?? getMember(s, name));
    const v0 = vals[0];
    const at = { t: 'num' as const, f: { ...unknown.f, text: `${name} (differs between paths)` } };
    const byPath = aligned && aligned.values.every((s) => s?.t === 'struct')
      ? { join: aligned.join, values: (aligned.values as StructVal[]).map((s) => s.members.get(name) ?? unchosen(getMember(s, name))) } : undefined;
    members.set(name, vals.every((v) => sameVal(v, v0)) ? v0 : withAlternatives(at, vals, byPath, paramChoice));
  }
  return { ...first, members };
}

export function addProblem(file: FileCtx, problem: ExtractProblem): void {
  const key = `${problem.kind}:${problem.range.startLine}:${problem.range.startColumn}`;
  if (file.reported.has(key)) return;
  file.reported.add(key);
  file.problems.push(problem);
}

export function addSite(file: FileCtx, kind: string, range: Range, resource: string | null): number {
  file.sites.push({ site: { kind, range, resource, fields: {} } });
  return file.sites.length - 1;
}

/** Site kind for a raw struct literal of a barrier kind (legacy kinds are refined from Type at snapshot time). */
export const RAW_SITE_KIND: Partial<Record<StructKind, string>> = {
  texture: 'texture-barrier', buffer: 'buffer-barrier', global: 'global-barrier', group: 'barrier-group', legacy: 'legacy-barrier',
};

/** What the methods of a file do with members, per function (extract/member-facts.ts). */
export interface MemberUses {
  /** Members a condition tests where a branch holds barrier code, or that a call hands to a function of the file. */
  tests: Map<string, Set<string>>;
  /** Members the function stores a constant in (`m_state = D3D12_RESOURCE_STATE_COPY_DEST;`, `m_first = false;`). */
  stores: Map<string, Set<string>>;
  /** Names the function calls by plain name or through `this`. */
  calls: Map<string, Set<string>>;
}

/** What the counting of member uses (extract/member-facts.ts) adds to a function's own tests (collectPathSyms). */
export interface SharedMembers {
  count: Map<string, number>;
  last: Map<string, SyntaxNode>;
  guarding: Set<string>;
}
