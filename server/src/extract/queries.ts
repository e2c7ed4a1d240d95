// The extraction queries (grammar-queries/functions.scm, constants.scm, declarations.scm) run by tree-sitter, their
// matches grouped by purpose (the capture names' prefixes) and mapped onto the mirrored tree (node.ts). The
// extractor matches the same patterns in JavaScript (structure.ts); this is the reference the tests compare with.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Parser from 'tree-sitter';
import Cpp from 'tree-sitter-cpp';
import type { Tree } from '../parse/parser';
import { queriesDir } from '../parse/parser';
import type { NodeDoc, SyntaxNode } from './node';
import type { Captures, Purpose } from './structure';

/** Query files the extractor uses, and the capture-name prefixes each one owns. */
const PURPOSES = {
  functions: ['function', 'lambda'],
  constants: ['define', 'const'],
  declarations: ['member', 'global'],
} as const;


let combined: Parser.Query | undefined;

function query(): Parser.Query {
  if (!combined) {
    const source = Object.keys(PURPOSES).map((name) => fs.readFileSync(path.join(queriesDir(), `${name}.scm`), 'utf8')).join('\n');
    combined = new Parser.Query(Cpp as unknown as Parser.Language, source);
  }
  return combined;
}

function purposeOf(captureName: string): Purpose | undefined {
  const prefix = captureName.split('.')[0];
  return (Object.keys(PURPOSES) as Purpose[]).find((p) => (PURPOSES[p] as readonly string[]).includes(prefix));
}

/** Every match of the extraction queries in document order, grouped by the query file it comes from. */
export function extractionMatches(tree: Tree, doc: NodeDoc): Record<Purpose, Captures[]> {
  const out: Record<Purpose, Captures[]> = { functions: [], constants: [], declarations: [] };
  for (const m of query().matches(tree.rootNode)) {
    const captures = new Map<string, SyntaxNode>();
    for (const c of m.captures) {
      const node = doc.find(c.node);
      if (node) captures.set(c.name, node);
    }
    const first = m.captures[0];
    const purpose = first && purposeOf(first.name);
    if (purpose) out[purpose].push(captures);
  }
  return out;
}
