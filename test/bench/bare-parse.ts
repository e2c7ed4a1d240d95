// The floor the benchmarks compare against: tree-sitter's parse of the text as it is, with its own Parser and none
// of barrierlint's pre-passes (parse/annotation-macros.ts blanks macros before parsing; that is barrierlint's cost,
// not the parse's). Also the editor's whole-file analysis path, for the same inputs.
import Parser from 'tree-sitter';
import Cpp from 'tree-sitter-cpp';
import { analyzeFile } from '../../server/src/lsp/incremental-analysis';
import { StoredDocument } from '../../server/src/parse/document-store';

let parser: Parser | undefined;

export function bareParse(text: string): Parser.Tree {
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(Cpp as unknown as Parser.Language);
  }
  return parser.parse(text, undefined, { bufferSize: Math.max(32 * 1024, text.length * 2 + 1024) });
}

/** What the language server does when a document is opened: parse into the document's tree, then analyse it. */
export function editorWholeFile(text: string): number {
  const doc = new StoredDocument('file:///bench/editor.cpp', 'cpp', 1, text);
  return analyzeFile(doc, {}).findings.length;
}
