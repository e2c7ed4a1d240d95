// Which of the run's (or workspace's) exported definitions a file imports (imported-functions.ts): the functions it
// calls that another file defines, then what those call and the records they name (`struct Desc`: a parameter's
// type), transitively. Pure text; shared by the CLI's cross-file pass and the language server's workspace index.

/** The key prefix of an exported record (a struct's definition) among the exported functions. */
export const RECORD = 'struct ';
/** The key prefix of an exported enum's definition. */
export const ENUM = 'enum ';
/** The key prefix of an exported namespace-scope constant's declaration. */
export const CONSTANT = 'const ';

const IDENTIFIER = /\b[A-Za-z_]\w*/g;
const CALLED = /\b([A-Za-z_]\w*)\s*\(/g;

/** The names a text calls (`Name(`, `x.Name(`, `Scope::Name(`). */
export function calledIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(CALLED)) out.add(m[1]);
  return out;
}

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
    pending.push(text);
  };
  for (const name of called) add(name);
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
