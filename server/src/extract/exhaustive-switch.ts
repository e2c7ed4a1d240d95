// A switch without `default:` whose case labels name every enumerator of one enum the file declares:
//
//   enum class Output { SDR, HDR10, HDR_SCRGB };
//   switch (mode) { case Output::SDR: …; break; case Output::HDR10: case Output::HDR_SCRGB: …; break; }
//
// No path runs past it without entering a case (a value outside the enum is a cast nobody writes for a mode, and
// compilers' -Wswitch hold such switches to every enumerator): the tracker follows no "no case taken" path, which
// would pair the state of neither branch with a later `if (mode != Output::SDR)` (track/branches.ts switchStmt).
// The enum is the file's own, or one of another file of the run whose enumerators the file imported in full (a
// member enum declared in the class's header: `switch (m_mode)` in the .cpp); the labels may spell its scope
// differently (`case App::Mode::A:` next to `case Mode::B:`). An enum the run does not declare, or one with an
// enumerator the labels leave out, keeps that path. The same holds for an if/else-if chain with no final `else`
// comparing one value with every enumerator of an enum (closesEnumChain).
import type { SyntaxNode } from './node';
import type { FileCtx, FnCtx } from './context';
import { noteUnfolded } from './conditions';

/** The enumerators of each enum the file declares, by the enum's name (null: two enums of that name). */
const enumsByRoot = new WeakMap<SyntaxNode, Map<string, string[] | null>>();

function fileEnums(n: SyntaxNode): Map<string, string[] | null> {
  let root = n;
  while (root.parent) root = root.parent;
  let out = enumsByRoot.get(root);
  if (out) return out;
  out = new Map();
  for (const e of root.descendantsOfType('enum_specifier')) {
    const name = e.childForFieldName('name')?.text;
    const body = e.childForFieldName('body');
    if (!name || !body) continue;
    const names = body.namedChildren.filter((c) => c.type === 'enumerator').map((c) => c.childForFieldName('name')?.text ?? '');
    out.set(name, out.has(name) ? null : names);
  }
  enumsByRoot.set(root, out);
  return out;
}

/** Whether the labels of `cases` (a switch's case statements, no default) name every enumerator of one enum of the run. */
export function namesEveryEnumerator(cases: readonly SyntaxNode[], fn: FnCtx): boolean {
  if (cases.length === 0) return false;
  let scope: string | undefined;
  const named = new Set<string>();
  const labels: SyntaxNode[] = [];
  for (const c of cases) {
    const v = c.childForFieldName('value');
    const parts = v?.type === 'qualified_identifier' ? v.text.replace(/\s+/g, '').split('::') : [];
    // `Output::SDR` (or `ns::Output::SDR`, `App::Output::SDR`): the enum's name and the enumerator.
    if (parts.length < 2 || parts.some((p) => !/^\w+$/.test(p))) return false;
    const name = parts[parts.length - 2];
    if (scope !== undefined && scope !== name) return false;
    scope = name;
    named.add(parts[parts.length - 1]);
    labels.push(v!);
  }
  // An enum of another file: the labels ask the run for its enumerators (conditions.ts noteUnfolded).
  if (!fileEnums(cases[0]).has(scope!)) for (const v of labels) noteUnfolded(v, fn);
  return coversEnum(scope!, named, cases[0], fn.file);
}

/**
 * Whether `named` holds every enumerator of the enum `scope`: the file's own enum of that name, or else one of another
 * file of the run whose enumerators the file imported with their count (`Kind::*`, constants.ts collectEnumerators:
 * naming all the imported ones names the whole enum only when none failed to fold).
 */
function coversEnum(scope: string, named: ReadonlySet<string>, at: SyntaxNode, file: FileCtx): boolean {
  const own = fileEnums(at).get(scope);
  if (own) return own.length > 0 && own.every((e) => named.has(e));
  const count = file.constants.get(`${scope}::*`);
  if (count?.t !== 'num' || count.f.value === null) return false;
  const imported = [...file.constants.keys()].filter((k) => k.startsWith(`${scope}::`) && k !== `${scope}::*`).map((k) => k.slice(scope.length + 2));
  return imported.length === count.f.value && imported.every((e) => named.has(e));
}

/**
 * The last `if` of an if/else-if chain without a final `else` whose tests compare one expression with every
 * enumerator of one enum (`if (t == Kind::A) … else if (t == Kind::B) … else if (t == Kind::C) …`): like the switch
 * above, no path runs past the chain without entering a branch. The enum is the file's own, or one of another file of
 * the run whose enumerators the file imported with their count (`Kind::*`, constants.ts collectEnumerators: a chain
 * naming all the imported ones names the whole enum only when none failed to fold).
 */
export function closesEnumChain(last: SyntaxNode, file: FileCtx): boolean {
  const ifs: SyntaxNode[] = [last];
  for (let p = last.parent; p?.type === 'else_clause' && p.parent?.type === 'if_statement'; p = p.parent.parent) ifs.unshift(p.parent);
  if (ifs.length < 2) return false;
  let subject: string | undefined;
  let scope: string | undefined;
  const named = new Set<string>();
  for (const s of ifs) {
    const test = comparedEnumerator(s.childForFieldName('condition'));
    if (!test || (subject !== undefined && (test.subject !== subject || test.scope !== scope))) return false;
    subject = test.subject;
    scope = test.scope;
    named.add(test.name);
  }
  return coversEnum(scope!, named, last, file);
}

/** `x == Kind::A` (either side): the other side's text, the enum's name and the enumerator. */
function comparedEnumerator(cond: SyntaxNode | null): { subject: string; scope: string; name: string } | undefined {
  let c = cond;
  while (c && (c.type === 'condition_clause' || c.type === 'parenthesized_expression') && c.namedChildCount === 1) c = c.namedChild(0);
  if (c?.type === 'condition_clause') c = c.childForFieldName('value');
  if (c?.type !== 'binary_expression' || c.childForFieldName('operator')?.text !== '==') return undefined;
  const l = c.childForFieldName('left');
  const r = c.childForFieldName('right');
  if (!l || !r) return undefined;
  const [q, other] = l.type === 'qualified_identifier' ? [l, r] : [r, l];
  if (q.type !== 'qualified_identifier' || other.type === 'qualified_identifier' || other.descendantsOfType('call_expression').length > 0) return undefined;
  const parts = q.text.replace(/\s+/g, '').split('::');
  if (parts.length < 2 || parts.some((p) => !/^\w+$/.test(p))) return undefined;
  return { subject: other.text.replace(/\s+/g, ''), scope: parts[parts.length - 2], name: parts[parts.length - 1] };
}
