// Which of the run's (or workspace's) exported definitions a file imports (imported-functions.ts): the functions it
// calls that another file defines, then what those call and the records they name (`struct Desc`: a parameter's
// type), transitively; and the records holding D3D12 objects it declares values of (`RenderContext ctx;`). Pure
// text; shared by the CLI's cross-file pass and the language server's workspace index.

/** The key prefix of an exported record (a struct's definition) among the exported functions. */
export const RECORD = 'struct ';
/**
 * The key prefix of a record a text hands a value of whole to a call (`Upload u{}; u.flag = false; Submit(u)`): its
 * definition is imported whatever its members (declaredRecordKeys), so the value's plain members reach the callee.
 */
export const HANDED = `${RECORD}handed `;
/** The key prefix of an exported enum's definition. */
export const ENUM = 'enum ';
/** The key prefix of an exported namespace-scope constant's declaration. */
export const CONSTANT = 'const ';
/**
 * The key prefix of an exported class's lifetime (constructor-calls.ts exportedLifetimes): what its file says of its
 * constructors and destructor, so that `GpuBuffer b(dev, …)` in another file runs the constructor on the object.
 */
export const CLASS = 'class ';

const IDENTIFIER = /\b[A-Za-z_]\w*/g;
const CALLED = /\b([A-Za-z_]\w*)\s*\(/g;

/** The names a text calls (`Name(`, `x.Name(`, `Scope::Name(`). */
export function calledIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(CALLED)) out.add(m[1]);
  return out;
}

/** `Name var`, `Name& var`, `const Name* var` followed by `;`, `=`, `{`, `,`, `)` or `[`: a value of type `Name` declared. */
const DECLARED = /\b([A-Za-z_]\w*)(\s*[&*]+\s*|\s+)([A-Za-z_]\w*)\s*([;={,)[])/g;
/** A name handed whole to a call, or its address (`Submit(u)`, `Fill(dev, &u)`): group 1. */
const WHOLE_ARGUMENT = /[(,]\s*&?\s*([A-Za-z_]\w*)\s*(?=[,)])/g;
/** Words and API types before a declarator that never name a record of the run. */
const NO_RECORD = /^(?:return|const|static|struct|class|enum|typename|unsigned|signed|int|char|bool|float|double|void|auto|long|short|else|case|delete|new|goto|using|namespace|sizeof|[ID]?D3D\w*|DXGI\w*|I?DXGI\w*|UINT\w*|u?int\d+_t|size_t|HRESULT|BOOL|HANDLE)$/;
/** A record worth importing for the values a file declares of it: one holding D3D12 objects (resources, heaps, lists). */
const HOLDS_D3D12 = /\bID3D12\w*/;

/**
 * The records a text may declare values of (`RenderContext ctx;`, `void Draw(RenderContext& ctx)`), as record keys
 * (`struct RenderContext`), leaving out `own` (the records it defines itself), and the classes it may construct
 * (`class GpuBuffer`), leaving out `ownClasses`. Over-approximate: only the names another file exports are looked up.
 */
export function declaredRecordKeys(text: string, own: ReadonlySet<string>, ownClasses: ReadonlySet<string> = own): string[] {
  const out = new Set<string>();
  // NOTE (issue 12): a declared value's type is both a record it may declare and a class it may construct: the text
  // is scanned for declarations once (the scan is a third of this function on a 40,000-line file, and every analysis
  // of a file runs it: the first and the cross-file pass's).
  // A local value of a record (`Name var;`, `Name var{}`, `Name var = {…}`), by variable: its record, if handed whole.
  let values: Map<string, string> | undefined;
  for (const m of text.matchAll(DECLARED)) {
    const name = m[1];
    if (NO_RECORD.test(name)) continue;
    if (!own.has(name)) out.add(`${RECORD}${name}`);
    if (!ownClasses.has(name)) out.add(`${CLASS}${name}`);
    if (!own.has(name) && m[4] !== ',' && m[4] !== ')' && !/[&*]/.test(m[2])) (values ??= new Map()).set(m[3], name);
  }
  if (values) {
    for (const m of text.matchAll(WHOLE_ARGUMENT)) {
      const record = values.get(m[1]);
      if (record !== undefined) out.add(`${HANDED}${record}`);
    }
  }
  // The classes it may construct (`GpuBuffer b(dev, …)`, `new GpuBuffer(…)`, `std::make_unique<GpuBuffer>(…)`, a member
  // `GpuBuffer m_b;` built in an initializer list, a base `: public GpuBuffer`), as class keys.
  for (const re of CONSTRUCTED) for (const m of text.matchAll(re)) if (!ownClasses.has(m[1]) && !NO_RECORD.test(m[1])) out.add(`${CLASS}${m[1]}`);
  return [...out].sort();
}

/** Where a text may construct an object of a class (the class's simple name is group 1), besides a declared value (DECLARED). */
const CONSTRUCTED = [
  /\b([A-Za-z_]\w*)\s+[A-Za-z_]\w*\s*[({]/g,
  /\bnew\s+(?:[A-Za-z_]\w*\s*::\s*)*([A-Za-z_]\w*)\s*[({]/g,
  /\bmake_(?:unique|shared)\s*<\s*(?:[A-Za-z_]\w*\s*::\s*)*([A-Za-z_]\w*)\s*>/g,
  /\b(?:public|protected|private)\s+(?:virtual\s+)?(?:[A-Za-z_]\w*\s*::\s*)*([A-Za-z_]\w*)\b/g,
];

/**
 * The definitions `called` reaches through `lookup` (a name's definition in another file, or undefined), by key, or
 * undefined when there are none.
 */
export function importClosure(called: Iterable<string>, lookup: (key: string) => string | undefined): Map<string, string> | undefined {
  const out = new Map<string, string>();
  const pending: string[] = [];
  const add = (key: string) => {
    const text = out.has(key) ? undefined : lookup(key);
    if (text === undefined) return;
    out.set(key, text);
    // A class's lifetime is no text to read names from.
    if (!key.startsWith(CLASS)) pending.push(text);
  };
  for (const name of called) {
    // A record whose value the text hands whole to a call comes whatever its members: the call's helper may test a
    // plain flag of it (`if (info.is_scrap)`) that the caller set.
    if (name.startsWith(HANDED)) {
      add(`${RECORD}${name.slice(HANDED.length)}`);
      continue;
    }
    // A record named as a declared value's type (declaredRecordKeys) comes only when it holds D3D12 objects.
    if (name.startsWith(RECORD) && !HOLDS_D3D12.test(lookup(name) ?? '')) continue;
    add(name);
  }
  if (out.size === 0) return undefined;
  while (pending.length) {
    for (const name of new Set(pending.pop()!.match(IDENTIFIER) ?? [])) {
      add(name);
      add(`${RECORD}${name}`);
      add(`${ENUM}${name}`);
      add(`${CONSTANT}${name}`);
    }
  }
  return out;
}
