// What an expression is evaluated as: a number, a resource, any value, or a barrier struct of a given kind. The
// expectation directs the expression core (a `{...}` is a struct only where a struct is expected).
import { STRUCT_LAYOUTS, STRUCT_TYPE_NAMES } from '../model/structs';
import type { StructKind } from '../model/structs';
import { ownEntry } from './syntax';
import { detached } from '../detached-string';

export type Expect = 'num' | 'res' | 'any' | StructKind;

export function isStructKind(e: Expect): e is StructKind {
  return e !== 'num' && e !== 'res' && e !== 'any';
}

/** The expectation for a struct member's value. */
export function memberExpect(kind: StructKind, member: string): Expect {
  const nested = STRUCT_LAYOUTS[kind].nested?.[member];
  if (nested) return nested;
  if (/^p(Resource|ResourceBefore|ResourceAfter)$/.test(member)) return 'res';
  if (/^p\w*Barriers$/.test(member)) return 'any';
  return 'num';
}

/** Struct kind named by a type (strips const, struct, pointers, references, namespaces). */
export function structKindOfType(typeText: string): StructKind | undefined {
  let kind = kindByTypeText.get(typeText);
  if (kind === undefined) {
    const t = typeText.replace(/\b(const|struct|volatile)\b/g, '').replace(/[\s*&]/g, '').replace(/^::/, '');
    if (kindByTypeText.size > 10_000) kindByTypeText.clear();
    kindByTypeText.set(detached(typeText), (kind = ownEntry(STRUCT_TYPE_NAMES, t) ?? null));
  }
  return kind ?? undefined;
}
/** Type texts repeat (every declaration of a barrier names its type): normalized once. */
const kindByTypeText = new Map<string, StructKind | null>();

/** Barrier kinds a class member may hold and a method submit (extract/member-barriers.ts). */
const MEMBER_BARRIER_KINDS: ReadonlySet<StructKind> = new Set<StructKind>(['legacy', 'texture', 'buffer', 'global']);

/** The kind of one barrier struct a member declared as `type` holds (not an array, pointer or reference of them). */
export function memberBarrierKind(type: string): StructKind | undefined {
  if (/[[*&]/.test(type)) return undefined;
  const kind = structKindOfType(type);
  return kind && MEMBER_BARRIER_KINDS.has(kind) ? kind : undefined;
}
