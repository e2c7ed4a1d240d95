// A switch without `default:` whose case labels name every enumerator of one enum the file declares:
//
//   enum class Output { SDR, HDR10, HDR_SCRGB };
//   switch (mode) { case Output::SDR: …; break; case Output::HDR10: case Output::HDR_SCRGB: …; break; }
//
// No path runs past it without entering a case (a value outside the enum is a cast nobody writes for a mode, and
// compilers' -Wswitch hold such switches to every enumerator): the tracker follows no "no case taken" path, which
// would pair the state of neither branch with a later `if (mode != Output::SDR)` (track/branches.ts switchStmt).
// An enum declared in another file, or one with an enumerator the labels leave out, keeps that path.
import type { SyntaxNode } from './node';

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

/** Whether the labels of `cases` (a switch's case statements, no default) name every enumerator of one file enum. */
export function namesEveryEnumerator(cases: readonly SyntaxNode[]): boolean {
  if (cases.length === 0) return false;
  let scope: string | undefined;
  const named = new Set<string>();
  for (const c of cases) {
    const v = c.childForFieldName('value');
    const parts = v?.type === 'qualified_identifier' ? v.text.replace(/\s+/g, '').split('::') : [];
    // `Output::SDR` (or `ns::Output::SDR`): the enum's name and the enumerator.
    if (parts.length < 2 || parts.some((p) => !/^\w+$/.test(p))) return false;
    const prefix = parts.slice(0, -1).join('::');
    if (scope !== undefined && scope !== prefix) return false;
    scope = prefix;
    named.add(parts[parts.length - 1]);
  }
  const enumerators = fileEnums(cases[0]).get(scope!.split('::').pop()!);
  return !!enumerators && enumerators.length > 0 && enumerators.every((e) => named.has(e));
}
