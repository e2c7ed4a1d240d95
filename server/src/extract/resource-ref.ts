// How facts name a resource: its identity key (null when the expression cannot be resolved), the source text and
// range, and the parameter it is when it is exactly one of the enclosing function's.
import type { Range } from '../types';
import type { Condition } from './facts';

/**
 * A resource expression: `key` is the normalized identity (`m_tex.Get()` and `m_tex` share one), null for nullptr
 * and for a resource the extractor could not determine (then `unknown` is set: not known to be null).
 */
export interface ResourceRef {
  key: string | null;
  text: string;
  range: Range;
  param?: number;
  /** The expression could not be resolved (e.g. set differently on different paths); never treat as nullptr. */
  unknown?: boolean;
  /**
   * A member path through a parameter (`Resource.m_pResource`, `t->res`, `r.Get()`: param 0, path `.m_pResource`): a
   * caller's argument names the object, so the key is the argument's key followed by the path.
   */
  base?: { param: number; path: string };
  /** The key's root is a member of the method's own class (`m_res` in `Texture::Transition`): `t.Transition(...)` names `t.m_res`. */
  member?: boolean;
  /**
   * A pointer assigned per branch of an if/else (`if (ms) { create(&src); … } else src = texture;`): the resource on
   * each branch (null: none known). The tracker names the branch's resource where every path decides the condition.
   */
  choice?: { cond: Condition; then: ResourceRef | null; else: ResourceRef | null };
}
