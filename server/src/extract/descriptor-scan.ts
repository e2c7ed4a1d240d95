// File-wide facts the descriptor walker needs before it walks: which names hold a descriptor increment size,
// the file's enumerators (descriptor indices are often named by an enum), and the handles stored in members.
import type { SyntaxNode } from './node';
import type { DescIndex, HandleFact, StoredHandleFact } from './descriptor-facts';
import type { DScope } from './descriptor-values';
import { INCREMENT_SIZE, numberOf } from './descriptor-values';
import { enumeratorValues } from './constants';
import { calleeName } from './syntax';
import { declaredName } from './types';

/** Names holding a descriptor increment size anywhere in the file (`m_rtvSize = device->GetDescriptorHandleIncrementSize(...)`). */
export function incrementSizes(root: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const c of root.descendantsOfType('call_expression')) {
    const f = c.childForFieldName('function');
    if (!f || !INCREMENT_SIZE.test(calleeName(f) ?? '')) continue;
    let p = c.parent;
    while (p && (p.type === 'parenthesized_expression' || p.type === 'cast_expression' || p.type === 'argument_list' && p.parent?.type === 'call_expression' && /cast/.test(p.parent.text.slice(0, 20)))) p = p.parent;
    if (p?.type === 'init_declarator') {
      const n = declaredName(p.childForFieldName('declarator'));
      if (n) out.add(n);
    } else if (p?.type === 'assignment_expression') out.add(p.childForFieldName('left')!.text.replace(/\s+/g, '').replace(/^this->/, ''));
    else if (p?.type === 'argument_list' && p.parent?.type === 'field_initializer') out.add(p.parent.namedChild(0)!.text);
  }
  return out;
}

/** The file's enumerators with their values (constants.ts enumeratorValues), for descriptor indices named by an enum. */
export function enumerators(root: SyntaxNode, s: Pick<DScope, 'file' | 'env' | 'enums'>): Map<string, number> {
  const values = enumeratorValues(root, (value, known) => numberOf(value, { ...s, enums: known } as unknown as DScope));
  return new Map([...values].map(([name, { value }]) => [name, value]));
}

/**
 * Lookup of stored handles: the exact key, or `base[v]` stored in a loop over v read as `base[x]`. `apart`: each
 * handle found has a range object of its own (see descriptors.ts rangesApart: the extraction's lookups, whose handles
 * end up in the facts of the functions that read them).
 */
export function storedLookup(stores: StoredHandleFact[], apart = false): (key: string) => HandleFact | null | undefined {
  if (apart) {
    const shared = storedLookup(stores);
    return (key) => {
      const h = shared(key);
      return h ? { ...h, range: { ...h.range } } : h;
    };
  }
  return (key) => {
    const exact = stores.filter((st) => st.key === key);
    const pattern = exact.length ? [] : stores.filter((st) => st.loopVar && st.key.endsWith(`[${st.loopVar}]`) && key.startsWith(st.key.slice(0, -st.loopVar.length - 1)) && key.endsWith(']'));
    const found = exact.length ? exact : pattern;
    if (found.length === 0) return undefined;
    const forms = new Set(found.map((st) => JSON.stringify(st.handle.heap) + JSON.stringify(st.handle.index)));
    if (forms.size !== 1) return null;
    const st = found[0];
    if (!exact.length && st.loopVar && st.handle.index && 'sym' in st.handle.index && st.handle.index.sym === st.loopVar) {
      const sub = key.slice(st.key.length - st.loopVar.length - 1, -1);
      const index: DescIndex = /^\d+$/.test(sub) ? { c: Number(sub) + st.handle.index.plus } : { sym: sub, plus: st.handle.index.plus };
      return { ...st.handle, index };
    }
    return exact.length ? st.handle : null;
  };
}

