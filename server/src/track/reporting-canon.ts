// One text for what a reporting helper call did (track/reporting-calls.ts): the rule hooks it fired, the exits it
// handed back, the helper rechecks it left, with the call's own places written as anchors. Two calls whose texts are
// equal did the same thing up to where they stand: a replay of the first, its call range and argument ranges paired
// to the second's (as track/across-keystrokes.ts pairs one keystroke's objects to the next), would give the second.
// Objects met twice in one text are written the second time as a back reference, so the text keeps which values
// are one object (the rules compare origins by their range's identity).
import { PathFacts } from './paths';

/** Written in place of an object: `@CALL` for the call's range, `@ARG0` for its first argument's, and so on. */
export type Anchors = ReadonlyMap<object, string>;

/** Values written before a text is given up (a meeting with every creation the file knows is not worth a text). */
const MAX_VALUES = 200_000;

/** A range holding the call's place by value but not the call's range object (a copy a replay could not pair). */
const COPIED_CALL = '@CALLV';

function isRange(x: object): x is { startLine: number; startColumn: number; endLine: number; endColumn: number } {
  return 'startLine' in x && 'endColumn' in x && 'startColumn' in x && 'endLine' in x;
}

function isFunction(x: object): x is { qualifiedName: string; range: { startLine: number } } {
  return 'qualifiedName' in x && 'params' in x && 'body' in x && 'range' in x;
}

/**
 * The text of `value` with `anchors` written in their places; a function's facts by its name and line (they are the
 * file's own objects, never made by a call); `callAt` (the call's place as text, in a batch item's site and a
 * recheck's chain) written as `@CALL`. Null past MAX_VALUES values.
 */
export function canonText(value: unknown, anchors: Anchors, call?: { startLine: number; startColumn: number; endLine: number; endColumn: number }, callAt?: RegExp): string | null {
  const seen = new Map<object, number>();
  const out: string[] = [];
  let count = 0;
  const walk = (v: unknown): boolean => {
    if (++count > MAX_VALUES) return false;
    if (v === undefined) out.push('~');
    else if (typeof v === 'function') out.push('λ');
    else if (typeof v === 'bigint') out.push(`${v}n`);
    else if (typeof v === 'string') out.push(JSON.stringify(callAt ? v.replace(callAt, '@CALL') : v));
    else if (v === null || typeof v !== 'object') out.push(JSON.stringify(v));
    else return walkObject(v);
    return true;
  };
  const walkObject = (v: object): boolean => {
    const anchor = anchors.get(v);
    if (anchor !== undefined) {
      out.push(anchor);
      return true;
    }
    const at = seen.get(v);
    if (at !== undefined) {
      out.push(`#${at}`);
      return true;
    }
    seen.set(v, seen.size);
    if (isRange(v)) {
      const same = call && v.startLine === call.startLine && v.startColumn === call.startColumn && v.endLine === call.endLine && v.endColumn === call.endColumn;
      out.push(same ? COPIED_CALL : `(${v.startLine}:${v.startColumn}-${v.endLine}:${v.endColumn})`);
      return true;
    }
    if (isFunction(v)) {
      out.push(`fn:${v.qualifiedName}@${v.range.startLine}`);
      return true;
    }
    if (v instanceof PathFacts) {
      out.push(`facts:${v.key()}`);
      return true;
    }
    if (Array.isArray(v)) return many('[', v, ']');
    if (v instanceof Map) return many('M{', [...v].flat(), '}');
    if (v instanceof Set) return many('S{', [...v], '}');
    out.push('{');
    for (const k of Object.keys(v)) {
      out.push(k, ':');
      if (!walk((v as Record<string, unknown>)[k])) return false;
      out.push(',');
    }
    out.push('}');
    return true;
  };
  const many = (open: string, items: readonly unknown[], close: string): boolean => {
    out.push(open);
    for (const x of items) {
      if (!walk(x)) return false;
      out.push(',');
    }
    out.push(close);
    return true;
  };
  return walk(value) ? out.join('') : null;
}

/** Where two texts first differ, with a little of each around it (for a check's report). */
export function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 60);
  return `at ${i}: …${a.slice(from, i + 60)}… vs …${b.slice(from, i + 60)}…`;
}
