// A text matched as itself inside a regular expression built from names (a class, a member path, a variable).

/** `s` with every character that means something in a regular expression escaped. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
