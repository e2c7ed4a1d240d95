// How engines spell a container's emptiness test: the standard library's `empty()`, Unreal's `IsEmpty()`, and the
// `is_empty()` / `isEmpty()` of other container libraries (Rx, Qt-style). One list, so that every reader of a
// "submit only when there is something to submit" guard knows the same spellings.
export const EMPTY_METHODS = ['empty', 'IsEmpty', 'is_empty', 'isEmpty'] as const;

/** `!c.empty()` in each spelling (whitespace removed, as the guard readers compare texts). */
export function notEmptyCalls(c: string): string[] {
  return EMPTY_METHODS.map((m) => `!${c}.${m}()`);
}

/** The methods as a regular-expression alternation (`empty|IsEmpty|…`). */
export const EMPTY_METHOD_ALTERNATION = EMPTY_METHODS.join('|');
