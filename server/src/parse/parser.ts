// The one tree-sitter parser (C++ grammar) and the compiled queries from grammar-queries/.
// Only parse/ and extract/ import tree-sitter.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Parser from 'tree-sitter';
import Cpp from 'tree-sitter-cpp';
import { AnalysisCancelled, type CancelCheck } from '../cancel';
import { blankAnnotationMacros } from './annotation-macros';
import { blankBlockOpeningCalls } from './block-opening-calls';
import { blankBlockOpeningMacros } from './block-opening-macros';
import { blankChainDirectives } from './chain-directives';
import { equalsBeforeBracedDesignators } from './brace-designators';
import { blankDisabledBlocks } from './disabled-blocks';
import { blankExpressionConditionals } from './expression-conditionals';

export type Tree = Parser.Tree;
export type SyntaxNode = Parser.SyntaxNode;
export type Query = Parser.Query;
export type TreeCursor = Parser.TreeCursor;

let parser: Parser | undefined;

function getParser(): Parser {
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(Cpp as unknown as Parser.Language);
  }
  return parser;
}

/** tree-sitter's default buffer is small; large files need a bigger one or parse() throws. */
function bufferSizeFor(text: string): number {
  return Math.max(32 * 1024, text.length * 2 + 1024);
}

/** Trees parsed from a text with disabled blocks blanked (parse/disabled-blocks.ts). */
const blankedTrees = new WeakSet<Tree>();

/**
 * Parse C++ source. Pass the previous (edited) tree for an incremental re-parse. With `isCancelled`, the parse
 * itself is abandoned (AnalysisCancelled) as soon as it answers true: tree-sitter asks between parse steps, so a
 * language server's background re-parse of a large file never holds up a keystroke for the whole parse.
 */
export function parseCpp(text: string, oldTree?: Tree, isCancelled?: CancelCheck): Tree {
  const enabled = blankChainDirectives(blankBlockOpeningMacros(blankExpressionConditionals(blankDisabledBlocks(text))));
  const blanked = enabled !== text;
  // NOTE: an edit of one line can enable or disable a whole block elsewhere, make the name on the line before a
  // block-opening macro (parse/block-opening-macros.ts), or put an `else` after a directive (parse/chain-directives.ts),
  // which the edit ranges do not describe: a text with disabled blocks or such macros or directives (before or after
  // the edit) is parsed afresh.
  const reuse = oldTree && !blanked && !blankedTrees.has(oldTree) ? oldTree : undefined;
  const options = { bufferSize: bufferSizeFor(text), ...(isCancelled ? { progressCallback: () => isCancelled() } : {}) };
  const input = equalsBeforeBracedDesignators(blankAnnotationMacros(enabled));
  const tree = parseOrCancel(input, reuse, options);
  // A function-like macro opening a block is seen only in the tree (parse/block-opening-calls.ts): the text without
  // its calls is parsed afresh.
  const withoutCalls = blankBlockOpeningCalls(tree, input);
  if (withoutCalls !== undefined) {
    const reparsed = parseOrCancel(withoutCalls, undefined, options);
    blankedTrees.add(reparsed);
    return reparsed;
  }
  if (blanked) blankedTrees.add(tree);
  return tree;
}

function parseOrCancel(input: string, reuse: Tree | undefined, options: Parser.Options): Tree {
  const tree = getParser().parse(input, reuse, options) as Tree | null;
  if (!tree) {
    // NOTE: a parser stopped by its progress callback resumes that parse on its next call unless it is reset.
    getParser().reset();
    throw new AnalysisCancelled();
  }
  return tree;
}

/** What the grammar's node types allow, from its node-types.json (when the grammar package ships it). */
export interface GrammarShapes {
  /** Named types that never have children (tokens: identifier, number_literal, primitive_type, ...). */
  leaves: ReadonlySet<string>;
  /** Anonymous types that can fill a field (operators, `(` of a call operator, ...); the others never do. */
  fieldTokens: ReadonlySet<string>;
}

interface NodeTypeInfo {
  type: string;
  named: boolean;
  fields?: Record<string, { types: { type: string; named: boolean }[] }>;
  children?: unknown;
  subtypes?: unknown;
}

let shapes: GrammarShapes | null | undefined;

export function grammarShapes(): GrammarShapes | null {
  if (shapes !== undefined) return shapes;
  const info = (Cpp as unknown as { nodeTypeInfo?: NodeTypeInfo[] }).nodeTypeInfo;
  if (!Array.isArray(info)) return (shapes = null);
  const leaves = new Set(info.filter((t) => t.named && !t.fields && !t.children && !t.subtypes).map((t) => t.type));
  const fieldTokens = new Set<string>();
  for (const t of info) for (const f of Object.values(t.fields ?? {})) for (const x of f.types) if (!x.named) fieldTokens.add(x.type);
  return (shapes = { leaves, fieldTokens });
}

/** Directory holding the .scm files (the tests' oracle, not shipped): beside the sources, or BARRIERLINT_QUERIES. */
export function queriesDir(): string {
  if (process.env.BARRIERLINT_QUERIES) return process.env.BARRIERLINT_QUERIES;
  for (const rel of ['../../../../grammar-queries', '../../../grammar-queries', '../grammar-queries', 'grammar-queries']) {
    const dir = path.resolve(__dirname, rel);
    if (fs.existsSync(path.join(dir, 'functions.scm'))) return dir;
  }
  throw new Error(`barrierlint: grammar-queries directory not found near ${__dirname}`);
}

const queryCache = new Map<string, Query>();

/** Compile (once) and return the query in grammar-queries/<name>.scm. */
export function getQuery(name: string): Query {
  let q = queryCache.get(name);
  if (!q) {
    const source = fs.readFileSync(path.join(queriesDir(), `${name}.scm`), 'utf8');
    q = new Parser.Query(Cpp as unknown as Parser.Language, source);
    queryCache.set(name, q);
  }
  return q;
}

export function listQueryNames(): string[] {
  return fs.readdirSync(queriesDir()).filter((f) => f.endsWith('.scm')).map((f) => f.slice(0, -4));
}
