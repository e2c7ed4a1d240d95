// The extraction patterns of grammar-queries/ (functions.scm, constants.scm, declarations.scm), matched over the
// mirrored tree (node.ts) in one JavaScript walk.
//
// NOTE: each tree-sitter query is a full traversal of the tree inside the native binding (≈ 15 % of the parse time
// each, whether it matches or not), and its captures come back as native node objects. The extractor already holds
// a plain copy of the tree, so it matches the same patterns there. The .scm files remain the specification:
// test/unit/queries.test.ts checks on every fixture and example that these matchers find exactly what the
// queries find (extract/queries.ts runs them).
import type { SyntaxNode } from './node';

export type Purpose = 'functions' | 'constants' | 'declarations';
export type Captures = ReadonlyMap<string, SyntaxNode>;

function functionMatch(n: SyntaxNode): Captures | undefined {
  if (n.type === 'function_definition') {
    const declarator = n.childForFieldName('declarator');
    const body = n.childForFieldName('body');
    if (declarator && body?.type === 'compound_statement') {
      return new Map([['function', n], ['function.declarator', declarator], ['function.body', body]]);
    }
  } else if (n.type === 'lambda_expression') {
    const body = n.childForFieldName('body');
    if (body?.type === 'compound_statement') return new Map([['lambda', n], ['lambda.body', body]]);
  }
  return undefined;
}

function constantMatches(n: SyntaxNode): Captures[] {
  if (n.type === 'preproc_def') {
    const name = n.childForFieldName('name');
    const value = n.childForFieldName('value');
    return name?.type === 'identifier' && value?.type === 'preproc_arg' ? [new Map([['define.name', name], ['define.value', value]])] : [];
  }
  if ((n.type !== 'declaration' && n.type !== 'field_declaration') || !n.namedChildren.some((c) => c.type === 'type_qualifier')) return [];
  if (n.type === 'field_declaration') {
    // `(field_declaration (type_qualifier) declarator: (field_identifier) default_value: (_))`: a class's constant.
    const name = n.childForFieldName('declarator');
    const value = n.childForFieldName('default_value');
    return name?.type === 'field_identifier' && value ? [new Map([['const.name', name], ['const.value', value]])] : [];
  }
  // One match per `declarator: (init_declarator declarator: (identifier) value: (_))`.
  const out: Captures[] = [];
  for (const d of n.childrenForFieldName('declarator')) {
    const name = d.type === 'init_declarator' ? d.childForFieldName('declarator') : null;
    const value = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
    if (name?.type === 'identifier' && value) out.push(new Map([['const.name', name], ['const.value', value]]));
  }
  return out;
}

function declarationMatches(n: SyntaxNode): Captures[] {
  const scope = n.type === 'field_declaration' ? 'member' : n.type === 'declaration'
    && (n.parent?.type === 'translation_unit' || n.parent?.type === 'declaration_list') ? 'global' : undefined;
  const type = scope && n.childForFieldName('type');
  if (!scope || !type) return [];
  return n.childrenForFieldName('declarator').map((d) => new Map([[`${scope}.type`, type], [`${scope}.declarator`, d]]));
}

/** The node types the patterns start at. */
const MATCHED_TYPES = ['function_definition', 'lambda_expression', 'preproc_def', 'declaration', 'field_declaration'] as const;

/**
 * Every match of the extraction patterns, in document order, grouped by the query file that specifies it.
 * NOTE: the candidates come from the mirror's index by type (node.ts descendantsOfType), which the extraction builds
 * anyway: a walk of its own over every node of a 40,000-line file cost about a quarter of the parse.
 */
export function structureMatches(root: SyntaxNode): Record<Purpose, Captures[]> {
  const out: Record<Purpose, Captures[]> = { functions: [], constants: [], declarations: [] };
  const candidates = MATCHED_TYPES.includes(root.type as (typeof MATCHED_TYPES)[number]) ? [root, ...root.descendantsOfType(MATCHED_TYPES)] : root.descendantsOfType(MATCHED_TYPES);
  for (const n of candidates) {
    switch (n.type) {
      case 'function_definition': case 'lambda_expression': {
        const f = functionMatch(n);
        if (f) out.functions.push(f);
        break;
      }
      case 'preproc_def': out.constants.push(...constantMatches(n)); break;
      case 'declaration': out.constants.push(...constantMatches(n)); out.declarations.push(...declarationMatches(n)); break;
      case 'field_declaration': out.constants.push(...constantMatches(n)); out.declarations.push(...declarationMatches(n)); break;
      default: break;
    }
  }
  return out;
}
