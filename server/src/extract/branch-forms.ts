// One barrier struct whose fields an if/else wrote per branch, submitted after the join:
//
//   b.Transition.StateBefore = COPY_DEST;
//   if (forCompute) b.Transition.StateAfter = NON_PIXEL_SHADER_RESOURCE; else b.Transition.StateAfter = PIXEL_SHADER_RESOURCE;
//   cl->ResourceBarrier(1, &b);
//
// Each path submits its own form of the barrier (the fields of that join take the branch's numbers, `Field.perPath`),
// so the submission becomes an `if` on the branch's condition with one call per form, as for a container filled per
// branch (container-paths.ts): the tracker follows each path with the state its own branch chose, correlated with
// later tests of the same value. Without it the state after was "one of" the branch's values on every path, and a
// later barrier that is wrong on one path only went unreported. Only for values after the barrier: a before-value
// chosen per branch is already compared path by path with the tracked state.
import type { BarrierFact, Condition } from './facts';
import type { ContainerSubmission } from './container-paths';
import { conditionSyms } from './container-paths';
import type { SyntaxNode } from './node';

/**
 * The per-branch forms of the barriers submitted at one call, when their fields were written on the two branches of
 * one if/else whose test is known (`tests`, by join) and not written again before the call (`written`). Undefined
 * otherwise (no per-branch field, fields of several joins, a branch that left a field nobody chose, a test rewritten).
 */
export function branchForms(barriers: BarrierFact[], tests: ReadonlyMap<number, { cond: Condition; end: number }>,
  written: (syms: string[], from: number) => boolean): ContainerSubmission | undefined {
  const joins = new Set<number>();
  for (const b of barriers) for (const f of Object.values(b.fields)) if (f?.perPath) joins.add(f.perPath.join);
  if (joins.size !== 1) return undefined;
  const [join] = joins;
  // A before-value chosen per branch is compared per path already (rules/support/tracked-helpers.ts
  // compareAlternatives: a warning on the paths that choose a wrong one, an error when every one is wrong).
  if (barriers.some((b) => b.fields.StateBefore?.perPath?.join === join)) return undefined;
  const test = tests.get(join);
  if (!test || written(conditionSyms(test.cond), test.end)) return undefined;
  const forms: BarrierFact[][] = [[], []];
  for (const b of barriers) {
    for (let k = 0; k < 2; k++) {
      const fields: BarrierFact['fields'] = {};
      for (const [name, f] of Object.entries(b.fields)) {
        const own = f?.perPath?.join === join ? f.perPath.fields[k] : f;
        if (own === null || (f?.perPath?.join === join && f.perPath.fields.length !== 2)) return undefined;
        fields[name] = own;
      }
      forms[k].push({ ...b, fields });
    }
  }
  return { barriers: forms, choice: { cond: test.cond, then: { list: 0 }, else: { list: 1 } } };
}

/**
 * The last statement after if statement `st` (in its block or an enclosing one, up to `body`) that names a struct
 * whose members the branches of `st` assign and that `st` does not declare: where its per-branch forms may be
 * submitted, each submission testing the if's condition again (path-facts.ts keeps the condition's facts alive until
 * there). Undefined when the branches assign no member of an outer struct.
 */
export function laterStructUse(st: SyntaxNode, body: SyntaxNode): SyntaxNode | undefined {
  const names = new Set<string>();
  for (const a of st.descendantsOfType('assignment_expression')) {
    let l = a.childForFieldName('left');
    if (l?.type !== 'field_expression') continue;
    while (l && (l.type === 'field_expression' || l.type === 'subscript_expression')) l = l.childForFieldName('argument');
    if (l?.type === 'identifier') names.add(l.text);
  }
  if (names.size === 0) return undefined;
  for (const d of st.descendantsOfType('init_declarator')) names.delete(d.childForFieldName('declarator')?.text ?? '');
  for (const d of st.descendantsOfType('declaration')) for (const c of d.childrenForFieldName('declarator')) names.delete(c.text);
  if (names.size === 0) return undefined;
  const mentions = new RegExp(`\\b(?:${[...names].join('|')})\\b`);
  let last: SyntaxNode | undefined;
  for (let n: SyntaxNode | null = st; n?.parent && n.startIndex !== body.startIndex; n = n.parent) {
    for (const s of n.parent.namedChildren) {
      if (s.startIndex >= n.endIndex && mentions.test(s.text) && CALL.test(s.text) && (!last || s.endIndex > last.endIndex)) last = s;
    }
  }
  return last;
}

const CALL = /\w\s*\(/;
