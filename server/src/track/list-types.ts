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

export class ListTypes {
  private readonly shared = new Map<string, CommandListType>();
  private readonly scoped = new Map<FunctionFacts, Map<string, CommandListType>>();

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
  }

  /** The type of the list `key` as function `owner` names it (null owner: only members, globals and the config). */
  get(key: string | null | undefined, owner: FunctionFacts | null): CommandListType | null {
    if (!key) return null;
    if (Object.prototype.hasOwnProperty.call(this.configured, key)) return this.configured[key];
    // NOTE: most keys asked about (every resource an unresolved call receives) are no list in any scope; only a key
    // known in both scopes needs the declaration test, which is the costly part.
    const own = owner ? this.scoped.get(owner)?.get(key) : undefined;
    if (!this.shared.has(key)) return own ?? null;
    if (owner && declaredIn(key, owner)) return own ?? null;
    return this.shared.get(key) ?? null;
  }

  /** Whether `key` is known to be a command list somewhere in the file (any scope). */
  isList(key: string | null | undefined, owner: FunctionFacts | null): boolean {
    return this.get(key, owner) !== null;
  }
}

export function listTypes(facts: FileFacts, config: BarrierlintConfig): ListTypes {
  const types = new ListTypes(config.commandLists);
  for (const fn of facts.functions) {
    forEachEvent(fn.body, (e) => {
      if (e.kind === 'command-list-creation' && e.list?.key && e.listType) types.add(e.list.key, e.listType, fn);
    });
  }
  return types;
}
