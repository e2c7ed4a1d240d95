// Loops over the rows of a constant table (vkd3d-proton's tests: `static const struct test { … } tests[] = {…};`
// walked by `for (i = 0; i < ARRAY_SIZE(tests); i++) { const struct test *test = &tests[i]; … if (test->copy) … }`).
// A row's fields are correlated: what one field decides (a barrier) and what another decides (a copy) happen together
// only where one row combines them, and the iterations follow the table's order. The fixpoint (track/interpreter.ts)
// sees one unknown row standing for all of them and pairs a barrier of one row with a copy of another, so such a loop
// is walked row by row (unrolled-loops.ts), and a test of a field read through the row is decided per row.
// NOTE: a table is a `const`/`constexpr` array (a local, `static` or not, or one of the file's constant tables,
// constant-tables.ts); a row alias is a `const`-qualified local of the loop's body initialised from the table's row at
// the counter (`&tests[i]`, `tests[i]`, `&test->iterations[j]` through an outer row alias) that nothing reassigns.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { rootName } from './syntax';
import { declaredName } from './types';

/** The names that read a row of the table loops around the walk (the tables themselves and their row aliases). */
const rowNames = new WeakMap<FnCtx, Set<string>>();

/** Whether `name` is a table or row alias of a table loop around the walk (a test through it is decided per row). */
export function readsTableRow(name: string | undefined, fn: FnCtx): boolean {
  return name !== undefined && (rowNames.get(fn)?.has(name) ?? false);
}

/** Whether a table loop is being walked row by row (else no test is decided by rows). */
export function inTableLoop(fn: FnCtx): boolean {
  return (rowNames.get(fn)?.size ?? 0) > 0;
}

/** Walk `work` with `names` read as rows of the table loop being unrolled. */
export function insideTableLoop<T>(fn: FnCtx, names: readonly string[], work: () => T): T {
  const set = rowNames.get(fn) ?? new Set<string>();
  rowNames.set(fn, set);
  const added = names.filter((n) => !set.has(n));
  for (const n of added) set.add(n);
  try {
    return work();
  } finally {
    for (const n of added) set.delete(n);
  }
}

const CONST_QUALIFIER = (d: SyntaxNode) => d.namedChildren.some((c) => c.type === 'type_qualifier' && (c.text === 'const' || c.text === 'constexpr'));

/** Per function definition: its const declarations by name (the first), where they start and whether an array. */
const constDecls = new WeakMap<SyntaxNode, Map<string, { start: number; array: boolean }>>();

function constDeclarations(fnDef: SyntaxNode): Map<string, { start: number; array: boolean }> {
  let out = constDecls.get(fnDef);
  if (out) return out;
  out = new Map();
  for (const decl of fnDef.descendantsOfType('declaration')) {
    if (!CONST_QUALIFIER(decl)) continue;
    for (const d of decl.childrenForFieldName('declarator')) {
      const name = d.type === 'init_declarator' ? declaredName(d) : undefined;
      if (!name || out.has(name)) continue;
      let inner: SyntaxNode | null = d.childForFieldName('declarator');
      while (inner && inner.type === 'pointer_declarator') inner = inner.childForFieldName('declarator');
      out.set(name, { start: decl.startIndex, array: inner?.type === 'array_declarator' });
    }
  }
  constDecls.set(fnDef, out);
  return out;
}

/** `name` is declared in the enclosing function, before the loop, as a const array (`static const struct test tests[] = {…}`). */
function localConstTable(name: string, loop: SyntaxNode): boolean {
  let fnDef: SyntaxNode | null = loop.parent;
  while (fnDef && fnDef.type !== 'function_definition') fnDef = fnDef.parent;
  const d = fnDef ? constDeclarations(fnDef).get(name) : undefined;
  return !!d && d.start <= loop.startIndex && d.array;
}

/** The table `tests` (or the row path `test->iterations` of an outer table loop) the subscript `x[sym]` reads. */
function tableOf(sub: SyntaxNode, sym: string, loop: SyntaxNode, fn: FnCtx): boolean {
  const index = sub.childForFieldName('indices')?.text.replace(/[\s[\]]/g, '') ?? sub.childForFieldName('index')?.text;
  if (index !== sym) return false;
  const arr = sub.childForFieldName('argument');
  if (!arr) return false;
  if (arr.type === 'identifier') return localConstTable(arr.text, loop) || fn.file.constants.has(arr.text);
  // `test->iterations[j]`: a member array of an outer loop's row.
  return arr.type === 'field_expression' && readsTableRow(rootName(arr), fn);
}

/**
 * The table loop `loop` with counter `sym`: the names its body reads rows through (the tables indexed by the counter
 * and the const locals declared from them), or undefined when the body reads no table at the counter or tests nothing
 * through it.
 */
export function tableRows(loop: SyntaxNode, sym: string, fn: FnCtx): string[] | undefined {
  const body = loop.childForFieldName('body');
  if (!body) return undefined;
  const reads = body.descendantsOfType('subscript_expression').filter((s) => tableOf(s, sym, loop, fn));
  if (!reads.length) return undefined;
  const names = new Set<string>();
  for (const s of reads) {
    const arr = s.childForFieldName('argument');
    if (arr?.type === 'identifier') names.add(arr.text);
    // `const struct test *test = &tests[i];`, `const Row &row = rows[i];`
    let init: SyntaxNode | null = s.parent;
    if (init?.type === 'pointer_expression') init = init.parent;
    if (init?.type !== 'init_declarator' || init.parent?.type !== 'declaration' || !CONST_QUALIFIER(init.parent)) continue;
    const alias = declaredName(init);
    if (alias && !reassigned(alias, body)) names.add(alias);
  }
  // The rows' readers inside: these names and the const locals a nested loop declares from them (`iteration`).
  const readers = new Set(names);
  for (const decl of body.descendantsOfType('declaration')) {
    if (!CONST_QUALIFIER(decl)) continue;
    for (const d of decl.childrenForFieldName('declarator')) {
      const value = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
      const alias = declaredName(d);
      if (alias && value && readers.has(rootName(value.type === 'pointer_expression' ? value.childForFieldName('argument') : value) ?? '')) readers.add(alias);
    }
  }
  const tested = body.descendantsOfType(['if_statement', 'conditional_expression', 'for_statement']).some((t) => {
    const cond = t.childForFieldName('condition');
    return !!cond && [cond, ...cond.descendantsOfType(['field_expression', 'subscript_expression'])].some((x) => readers.has(rootName(x) ?? ''));
  });
  return tested ? [...names] : undefined;
}

function reassigned(name: string, body: SyntaxNode): boolean {
  return body.descendantsOfType(['assignment_expression', 'update_expression']).some((w) => {
    const target = w.childForFieldName('left') ?? w.childForFieldName('argument');
    return target?.type === 'identifier' && target.text === name;
  });
}
