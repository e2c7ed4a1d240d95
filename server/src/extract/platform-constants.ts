// Uses of the PC alignment constants whose Xbox value differs (model/xbox-alignment.ts) for the
// xbox-pc-alignment-constant advice. A use inside a preprocessor conditional that tests a platform macro
// (`#if defined(_GAMING_XBOX) … #else …`) is already platform code and is left out, and so is a `#define` body.
import { PC_ALIGNMENT_CONSTANTS } from '../model/xbox-alignment';
import type { Range } from '../types';
import type { SyntaxNode } from './node';
import { rangeOf } from './syntax';

export interface AlignmentConstantUse {
  name: string;
  range: Range;
}

const CONDITIONALS = new Set(['preproc_if', 'preproc_ifdef', 'preproc_elif', 'preproc_else', 'preproc_elifdef']);
const PLATFORM_MACRO = /XBOX|GAMING|DURANGO|SCARLETT|GDK|WINAPI_FAMILY/i;

function platformGuarded(n: SyntaxNode): boolean {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'preproc_def' || p.type === 'preproc_function_def') return true;
    if (!CONDITIONALS.has(p.type)) continue;
    // The condition of this conditional, or of the #if an #else / #elif belongs to.
    let head: SyntaxNode | null = p;
    while (head && (head.type === 'preproc_else' || head.type === 'preproc_elif' || head.type === 'preproc_elifdef')) head = head.parent;
    const cond = head?.childForFieldName('condition') ?? head?.childForFieldName('name');
    if (cond && PLATFORM_MACRO.test(cond.text)) return true;
    if (p.type !== 'preproc_else') {
      const own = p.childForFieldName('condition') ?? p.childForFieldName('name');
      if (own && PLATFORM_MACRO.test(own.text)) return true;
    }
  }
  return false;
}

const NAMES = Object.keys(PC_ALIGNMENT_CONSTANTS);
const NAME_LENGTHS = new Set(NAMES.map((name) => name.length));

export function alignmentConstantUses(root: SyntaxNode, text: string): AlignmentConstantUse[] {
  // NOTE: a file that never spells a constant has no use of one; otherwise only identifiers of a constant's length
  // are read (reading every identifier's text costs a copy of each; a keystroke re-reads the whole reduced document).
  if (!NAMES.some((name) => text.includes(name))) return [];
  return root.descendantsOfType('identifier')
    .filter((n) => NAME_LENGTHS.has(n.endIndex - n.startIndex) && Object.hasOwn(PC_ALIGNMENT_CONSTANTS, n.text) && !platformGuarded(n))
    .map((n) => ({ name: n.text, range: rangeOf(n) }));
}
