// Command-list types: from CreateCommandList/CreateCommandList1 calls in the file, then the configuration's
// `commandLists` names. A list's type follows the variable, not its spelling: a local or parameter created as a
// COMPUTE list in one function says nothing about another function's `asyncList` parameter; a member or global
// (`m_copyList`) is one object for the whole file. Unknown lists stay unknown (queue rules then do not fire).
import { declaresName, type FileFacts, type FunctionFacts } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import type { BarrierlintConfig, CommandListType } from '../types';

/** The first name a key is built from (`lists[i]` → lists, `m_ctx.list` → m_ctx); member names are not roots. */
export function rootName(key: string): string | null {
  return /^[A-Za-z_]\w*/.exec(key.replace(/^(?:\*|&|this->|\(\*?this\)\.)+/, ''))?.[0] ?? null;
}

/** Whether `key` names something declared in `fn` itself (a parameter or a local), i.e. not a member or global. */
export function declaredIn(key: string, fn: FunctionFacts | null): boolean {
  const root = rootName(key);
  if (!fn || !root || key.startsWith('this->')) return false;
  return declaresName(fn, root);
}

/** The part of the workspace index list types read: the functions of the run's files (one array until it changes). */
export interface FunctionsElsewhere {
  helpers(): readonly { fn: FunctionFacts; uri: string }[];
}

/** The class a method is qualified by (`Device::Init` → Device; `A::B::f` → A::B), or null for a free function. */
export function classOf(fn: FunctionFacts | null): string | null {
  const i = fn ? fn.qualifiedName.lastIndexOf('::') : -1;
  return fn && i > 0 ? fn.qualifiedName.slice(0, i) : null;
}

/** `ctx->list` / `ctx.list`: one member of a local or parameter (the C context-struct style), or null. */
export function memberOfLocal(key: string): string | null {
  return /^[A-Za-z_]\w*(?:->|\.)([A-Za-z_]\w*)$/.exec(key)?.[1] ?? null;
}

/**
 * Answers of `ListTypes.get` by owner and key, kept until the next add. NOTE (issue 12): every resource an unresolved
 * call is handed is asked about on every pass over the call and in every helper evaluation (havoc-call.ts), and the
 * class and declaration tests behind a miss cost about 2 % of a 6,600-line engine file's lint. Kept beside the object,
 * not in it: the editor's kept calls compare the list types as a value (kept-runs.ts), and answers asked by one run
 * and not yet by the next are no difference of the tables.
 */
const answersOf = new WeakMap<ListTypes, Map<FunctionFacts | null, Map<string, CommandListType | null>>>();

export class ListTypes {
  private readonly shared = new Map<string, CommandListType>();
  private readonly scoped = new Map<FunctionFacts, Map<string, CommandListType>>();
  /**
   * Lists created into a member of a local or parameter (`ID3D12Device_CreateCommandList(…, &ctx->cmp)` in an init
   * function given the context): the same member of another function's context (`ctx->cmp` in the recording
   * function) is taken to be that list. A member name created with two types in the file is no list type (null).
   */
  private readonly byMember = new Map<string, CommandListType | null>();
  /**
   * Lists created into a member by a method of a class (`Device::Init` creating `m_copy`), in any file of the run, by
   * `Class::key`: another method of the same class, in another file (`Device::Upload` in Upload.cpp), names the same
   * object. A member created with two types by the class's methods is no list type (null). Only the class's own
   * methods: a derived class or another class's member of the same name is another object.
   */
  private readonly byClass = new Map<string, CommandListType | null>();
  /** byClass by the class's own name (`Renderer::m_copy` for `gfx::Renderer::m_copy`): a declared type names it so. */
  private readonly byClassName = new Map<string, CommandListType | null>();
  /**
   * Members or globals of this file created only by methods of classes (never by a free function): in a method of
   * another class the same spelling is that class's own member (`_cmdList` of a graphics queue and of a compute queue
   * in one CommandQueue.cpp), not the list another class created.
   */
  private readonly onlyByMethods = new Map<string, boolean>();
  /**
   * Lists created into a member of each element of a member or global container (`for (auto &c : cmdLists_) …
   * &c.cmdList`), by `cmdLists_[].cmdList`: `cmdLists_[cmdListIdx_].cmdList` in another method is one of them. Created
   * with two types: no list type (null).
   */
  private readonly byElement = new Map<string, CommandListType | null>();

  constructor(private readonly configured: Readonly<Record<string, CommandListType>>) {}

  add(key: string, type: CommandListType, fn: FunctionFacts): void {
    answersOf.delete(this);
    if (Object.prototype.hasOwnProperty.call(this.configured, key)) return;
    if (!declaredIn(key, fn)) {
      this.shared.set(key, type);
      this.onlyByMethods.set(key, (this.onlyByMethods.get(key) ?? true) && classOf(fn) !== null);
      this.addToClass(key, type, fn);
      return;
    }
    this.addElement(key, type, fn);
    const own = this.scoped.get(fn) ?? new Map<string, CommandListType>();
    own.set(key, type);
    this.scoped.set(fn, own);
    const member = memberOfLocal(key);
    if (member) this.byMember.set(member, this.byMember.has(member) && this.byMember.get(member) !== type ? null : type);
  }

  /**
   * A list created into `key` by a function of another file of the run: a member of a context struct it names
   * (`&context->list`) created there with another type than this file's creations is no list type here — a test
   * header's `init_test_context` makes a DIRECT `context->list`, the file's own `init_compute_test_context` a COMPUTE
   * one. Another file's creation alone gives no type (only the file's own creations do).
   */
  addElsewhere(key: string, type: CommandListType, fn?: FunctionFacts): void {
    answersOf.delete(this);
    if (fn && !declaredIn(key, fn)) this.addToClass(key, type, fn);
    const member = memberOfLocal(key);
    if (member && this.byMember.has(member) && this.byMember.get(member) !== type) this.byMember.set(member, null);
  }

  /**
   * A creation into a member of a range-for element (`c.cmdList`, `c->list`): every element's (`cmdLists_[].cmdList`),
   * under the creating method's class (a free function's: none), so that another class's container of the same name
   * is another object.
   */
  private addElement(key: string, type: CommandListType, fn: FunctionFacts): void {
    const m = fn.rangeElements ? /^([A-Za-z_]\w*)((?:->|\.)[A-Za-z_]\w*)$/.exec(key) : null;
    const container = m ? fn.rangeElements![m[1]] : undefined;
    if (!container) return;
    const k = `${classOf(fn) ?? ''}::${container}[]${m![2]}`;
    this.byElement.set(k, this.byElement.has(k) && this.byElement.get(k) !== type ? null : type);
  }

  /** `cmdLists_[i].cmdList` / `this->lists[n]->list`: the list every element of the container was created as. */
  private ofElement(key: string, owner: FunctionFacts | null): CommandListType | null {
    const m = this.byElement.size > 0 ? /^(?:this->)?([A-Za-z_]\w*)\[[^\[\]]*\]((?:->|\.)[A-Za-z_]\w*)$/.exec(key) : null;
    if (!m || (owner && declaredIn(key, owner))) return null;
    const of = (cls: string) => this.byElement.get(`${cls}::${m[1]}[]${m[2]}`);
    const cls = classOf(owner);
    return (cls !== null ? of(cls) : undefined) ?? of('') ?? null;
  }

  private addToClass(key: string, type: CommandListType, fn: FunctionFacts): void {
    const cls = classOf(fn);
    if (!cls || key.includes('(')) return;
    const k = `${cls}::${key.replace(/^this->/, '')}`;
    this.byClass.set(k, this.byClass.has(k) && this.byClass.get(k) !== type ? null : type);
    const named = `${cls.split('::').pop()}::${key.replace(/^this->/, '')}`;
    this.byClassName.set(named, this.byClassName.has(named) && this.byClassName.get(named) !== type ? null : type);
  }

  /**
   * `kRenderer.m_copyList` / `r->m_copyList` where `kRenderer` is a parameter or local declared as a class whose own
   * methods create `m_copyList` (any file of the run): that member list.
   */
  private ofObject(key: string, owner: FunctionFacts | null): CommandListType | null {
    const m = owner?.objectClasses && this.byClassName.size > 0 ? /^([A-Za-z_]\w*)(?:->|\.)([A-Za-z_]\w*)$/.exec(key) : null;
    const cls = m ? owner!.objectClasses![m[1]] : undefined;
    return cls ? this.byClassName.get(`${cls}::${m![2]}`) ?? null : null;
  }

  /** The type of the list `key` as function `owner` names it (null owner: only members, globals and the config). */
  get(key: string | null | undefined, owner: FunctionFacts | null): CommandListType | null {
    if (!key) return null;
    let answers = answersOf.get(this);
    if (!answers) answersOf.set(this, (answers = new Map()));
    let known = answers.get(owner);
    if (!known) answers.set(owner, (known = new Map()));
    let type = known.get(key);
    if (type === undefined) known.set(key, (type = this.lookup(key, owner)));
    return type;
  }

  private lookup(key: string, owner: FunctionFacts | null): CommandListType | null {
    if (Object.prototype.hasOwnProperty.call(this.configured, key)) return this.configured[key];
    // NOTE: most keys asked about (every resource an unresolved call receives) are no list in any scope; only a key
    // known in both scopes needs the declaration test, which is the costly part.
    const own = owner ? this.scoped.get(owner)?.get(key) : undefined;
    const member = own === undefined && this.byMember.size > 0 ? memberOfLocal(key) : null;
    const viaMember = member ? this.byMember.get(member) ?? null : null;
    if (!this.shared.has(key)) return own ?? viaMember ?? this.ofClass(key, owner) ?? this.ofObject(key, owner) ?? this.ofElement(key, owner);
    if (owner && declaredIn(key, owner)) return own ?? null;
    const cls = classOf(owner);
    if (cls && this.onlyByMethods.get(key)) return this.byClass.get(`${cls}::${key.replace(/^this->/, '')}`) ?? null;
    return this.shared.get(key) ?? null;
  }

  /** A member list of `owner`'s class created by a method of the class (this file or another of the run). */
  private ofClass(key: string, owner: FunctionFacts | null): CommandListType | null {
    const cls = this.byClass.size > 0 ? classOf(owner) : null;
    if (!cls || declaredIn(key, owner)) return null;
    return this.byClass.get(`${cls}::${key.replace(/^this->/, '')}`) ?? null;
  }

  /** Whether `key` is known to be a command list somewhere in the file (any scope). */
  isList(key: string | null | undefined, owner: FunctionFacts | null): boolean {
    return this.get(key, owner) !== null;
  }
}

export function listTypes(facts: FileFacts, config: BarrierlintConfig, elsewhere?: { workspace?: FunctionsElsewhere; uri: string }): ListTypes {
  const types = new ListTypes(config.commandLists);
  for (const fn of facts.functions) for (const [key, type] of creations(fn)) types.add(key, type, fn);
  if (elsewhere?.workspace) {
    for (const c of creatorsIn(elsewhere.workspace)) if (c.uri !== elsewhere.uri) for (const [key, type] of c.made) types.addElsewhere(key, type, c.fn);
  }
  return types;
}

interface Creator { fn: FunctionFacts; uri: string; made: [string, CommandListType][] }
const creatorsOf = new WeakMap<readonly unknown[], Creator[]>();

/**
 * The run's functions that create a command list, in the index's order: read once per index state (every file of a
 * run asked every function of every other file again: 7 % of a 1,400-file run's CPU).
 */
function creatorsIn(workspace: FunctionsElsewhere): Creator[] {
  const all = workspace.helpers();
  let out = creatorsOf.get(all);
  if (!out) {
    out = [];
    for (const { fn, uri } of all) {
      const made = creations(fn);
      if (made.length) out.push({ fn, uri, made });
    }
    creatorsOf.set(all, out);
  }
  return out;
}

const creationsOf = new WeakMap<FunctionFacts, [string, CommandListType][]>();

/** The command lists `fn` creates: (key, type). Read once per function (other files' functions serve every file). */
function creations(fn: FunctionFacts): [string, CommandListType][] {
  let out = creationsOf.get(fn);
  if (out) return out;
  out = [];
  forEachEvent(fn.body, (e) => {
    if (e.kind === 'command-list-creation' && e.list?.key && e.listType) out!.push([e.list.key, e.listType]);
  });
  creationsOf.set(fn, out);
  return out;
}

/**
 * The classes whose methods create a list of another type than DIRECT into a member (`Device::Init` creating the
 * COPY list `m_copy`): another file with methods of such a class is analysed again with the run's functions, so that
 * its `m_copy->ResourceBarrier(…)` has the list's type (a DIRECT list allows every state; its type changes nothing).
 */
export function classesCreatingLists(functions: Iterable<FunctionFacts>): Set<string> {
  const out = new Set<string>();
  for (const fn of functions) {
    const cls = classOf(fn);
    if (cls && creations(fn).some(([key, type]) => type !== 'direct' && !declaredIn(key, fn))) out.add(cls);
  }
  return out;
}
