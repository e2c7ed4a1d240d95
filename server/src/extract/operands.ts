// How facts name the values they hold: a resolved scalar (Field) and where a value nobody wrote comes from, a
// resource expression (ResourceRef), and a condition over scalars. One module because the three refer to each other
// (a field read from a resource's desc names the resource; a resource chosen per branch names its condition).
import type { Range } from '../types';

/**
 * A resolved scalar. `value` is the number when the expression folds to a constant, otherwise null (unknown:
 * never guessed). `param` is set when the value is exactly a parameter of the enclosing function, so a helper's
 * summary can substitute the caller's argument.
 */
export interface Field {
  value: number | null;
  text: string;
  range: Range;
  param?: number;
  /** When `value` is null because paths of an if/else or switch wrote different known numbers: those numbers. */
  oneOf?: readonly number[];
  /**
   * The same, path by path: `fields[k]` is the value on the k-th branch of the join `join` that reaches the code
   * after it (the implicit path past a switch without default is not one of them). Fields of one barrier with the
   * same `join` belong together: branch k wrote all of its `fields[k]`. Null: the branch did not write it and nobody
   * had before the join (a zero nobody chose: an element appended only on another path), so that path's form is not
   * the barrier's.
   */
  perPath?: { join: number; fields: readonly (Field | null)[] };
  /** Set when no source expression wrote the value (absent: the value is the expression at `range`). */
  origin?: FieldOrigin;
  /**
   * A property of a resource's creation desc, read through `desc = res->GetDesc()` (`desc.SampleDesc.Count`): the
   * tracker gives it the value the resource was created with, where the run shows its creation.
   */
  ofResource?: { ref: ResourceRef; prop: 'sampleCount' | 'heapType' | 'heapRead' };
  /**
   * `flag ? A : B` with `flag` a parameter of the enclosing function and each branch a known number or another
   * parameter (`deviceMemory ? oldState : GENERIC_READ`): the value at a call whose argument for `flag` is known —
   * the number, or the caller's argument for that parameter (track/env.ts substituteField).
   */
  /** With `equals`: the test is `param == equals` (`part == SplitPart::Begin ? …`), not the parameter's truth. */
  byParam?: { param: number; whenTrue: ParamBranch; whenFalse: ParamBranch; equals?: number };
  /**
   * With `oneOf`: the paths were chosen by an if/else or switch testing a parameter of the enclosing function
   * (`if (hasData) state = …; else state = …;`): its callers decide which of the numbers the paths see.
   */
  paramChoice?: true;
  /**
   * With `paramChoice`: a switch on the bare parameter wrote a known number per case (extract/param-choices.ts):
   * the number a case's label picks (null: not known on that case), `otherwise` for the other arguments.
   */
  byParamCases?: { param: number; cases: readonly (readonly [number, number | null])[]; otherwise: number | null };
  /**
   * The value is a member of a caller's record read through a parameter (`pTrans->mNewState` of `TextureBarrier*
   * pTrans = &pBarriers[i]`: param 2, path `[i].mNewState`): a call handing a local record whose members the caller
   * knows (ResourceRef.values) gets that member's number — converted through `byParamCases` when that is set (the
   * engine state handed to a conversion of the file), else as it is (track/env.ts substituteField).
   */
  paramMember?: { param: number; path: string };
  /** `state & MASK` of a parameter `state` and a known mask: the caller's argument masked, for a call that passes one. */
  masked?: { param: number; mask: number };
  /**
   * `D3D12CalcSubresource(mip, slice, plane, mips, size)` whose arguments are known numbers or parameters of the
   * enclosing function (a per-mip barrier helper): the index at a call that passes known arguments.
   */
  calcSubresource?: readonly (number | { param: number })[];
  /**
   * The value is a resource or command-list pointer parameter tested against null (`if (!cl || !resource) return;`
   * in a transition helper): at a call handed a named object the test is decided "not null" (track/paths.ts decide).
   * On a path where the argument is null the helper records nothing on it, so leaving that path out loses no state.
   */
  pointer?: true;
  /**
   * With `pointer`: the value is a member of this parameter (`ctx.cl`, `ctx->list` of a `const Ctx& ctx` the helper
   * records on: `if (!ctx.list || !res) return;`), decided like a pointer parameter at a call handed a named object.
   */
  memberOf?: number;
}

/** One branch of `Field.byParam`: a known number, or the parameter (by index) the branch is. */
export type ParamBranch = number | { param: number };

/**
 * Where a value nobody wrote comes from: `value-init` (`= {}`, a `T x{}` member left out), `zero-fill`
 * (memset/ZeroMemory), `helper-default` (a d3dx12 constructor's fixed or default argument), `desc-default` (a
 * CD3DX12_RESOURCE_DESC factory's default), `group-type` (the Type that CD3DX12_BARRIER_GROUP(n, p) derives
 * from its pointer). Rules point at the barrier rather than at such a field, and a barrier made only of
 * `value-init`/`zero-fill` values that never reaches a call is no barrier anyone built (run-rules.ts).
 */
export type FieldOrigin = 'value-init' | 'zero-fill' | 'helper-default' | 'desc-default' | 'group-type';

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
  /**
   * A local record of the file's own struct handed to a helper (`BufferBarrier b = { buf, … }; Record(cl, &b);`): the
   * resources its members hold, so the helper's `p->pBuffer->res` names `buf->res` (track/env.ts extend).
   */
  members?: Readonly<Record<string, ResourceRef>>;
  /**
   * The same record's scalar members with what the caller wrote there (`{ pTexture, RESOURCE_STATE_COPY_DEST, … }`),
   * by member path (`mNewState`, `inner.state`): read by a helper's `Field.paramMember`.
   */
  values?: Readonly<Record<string, Field>>;
  /** A pointer local bound to `&obj` (`T* p = &frames[i];`): the key is `obj`'s, so `p->res` through it is `obj.res`. */
  pointee?: true;
}

export type Condition =
  | { op: '==' | '!=' | '<' | '<=' | '>' | '>='; left: Field; right: Field; ls?: string; rs?: string; truthy?: boolean }
  | { op: '&&' | '||' | '!'; args: Condition[]; text?: string }
  | { op: 'opaque' };
