// Command-list types: from CreateCommandList/CreateCommandList1 calls in the file, then the configuration's
// `commandLists` names. A list's type follows the variable, not its spelling: a local or parameter created as a
// COMPUTE list in one function says nothing about another function's `asyncList` parameter; a member or global
// (`m_copyList`) is one object for the whole file. Unknown lists stay unknown (queue rules then do not fire).
import type { FileFacts, FunctionFacts } from '../extract/facts';
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
  return fn.params.includes(root) || (fn.locals ?? []).includes(root);
}

/** The part of the workspace index list types read: the functions of the other files of the run. */
export interface FunctionsElsewhere {
  functionsBesides(uri: string): Iterable<FunctionFacts>;
}

/** `ctx->list` / `ctx.list`: one member of a local or parameter (the C context-struct style), or null. */
function memberOfLocal(key: string): string | null {
  return /^[A-Za-z_]\w*(?:->|\.)([A-Za-z_]\w*)$/.exec(key)?.[1] ?? null;
}

export class ListTypes {
  private readonly shared = new Map<string, CommandListType>();
  private readonly scoped = new Map<FunctionFacts, Map<string, CommandListType>>();
  /**
   * Lists created into a member of a local or parameter (`ID3D12Device_CreateCommandList(…, &ctx->cmp)` in an init
   * function given the context): the same member of another function's context (`ctx->cmp` in the recording
   * function) is taken to be that list. A member name created with two types in the file is no list type (null).
   */
  private readonly byMember = new Map<string, CommandListType | null>();

  constructor(private readonly configured: Readonly<Record<string, CommandListType>>) {}

  add(key: string, type: CommandListType, fn: FunctionFacts): void {
    if (Object.prototype.hasOwnProperty.call(this.configured, key)) return;
    if (!declaredIn(key, fn)) {
      this.shared.set(key, type);
      return;
    }
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
  addElsewhere(key: string, type: CommandListType): void {
    const member = memberOfLocal(key);
    if (member && this.byMember.has(member) && this.byMember.get(member) !== type) this.byMember.set(member, null);
  }

  /** The type of the list `key` as function `owner` names it (null owner: only members, globals and the config). */
  get(key: string | null | undefined, owner: FunctionFacts | null): CommandListType | null {
    if (!key) return null;
    if (Object.prototype.hasOwnProperty.call(this.configured, key)) return this.configured[key];
    // NOTE: most keys asked about (every resource an unresolved call receives) are no list in any scope; only a key
    // known in both scopes needs the declaration test, which is the costly part.
    const own = owner ? this.scoped.get(owner)?.get(key) : undefined;
    const member = own === undefined && this.byMember.size > 0 ? memberOfLocal(key) : null;
    const viaMember = member ? this.byMember.get(member) ?? null : null;
    if (!this.shared.has(key)) return own ?? viaMember;
    if (owner && declaredIn(key, owner)) return own ?? null;
    return this.shared.get(key) ?? null;
  }

  /** Whether `key` is known to be a command list somewhere in the file (any scope). */
  isList(key: string | null | undefined, owner: FunctionFacts | null): boolean {
    return this.get(key, owner) !== null;
  }
}

export function listTypes(facts: FileFacts, config: BarrierlintConfig, elsewhere?: { workspace?: FunctionsElsewhere; uri: string }): ListTypes {
  const types = new ListTypes(config.commandLists);
  for (const fn of facts.functions) for (const [key, type] of creations(fn)) types.add(key, type, fn);
  if (elsewhere?.workspace) for (const fn of elsewhere.workspace.functionsBesides(elsewhere.uri)) for (const [key, type] of creations(fn)) types.addElsewhere(key, type);
  return types;
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
