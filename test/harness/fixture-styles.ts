// Which code styles the fixtures exercise, per rule: the two-style audit of the rule catalog. A rule "holds in two
// styles" when two of its fixture functions differ on one style dimension — how barriers and descriptions are
// built (d3dx12 helpers vs raw structs), how list methods are called (C++ `list->` vs C COM macros), or which
// barrier model the function uses (legacy ResourceBarrier vs enhanced Barrier). Must-fire functions are those with
// a finding of the rule; must-stay-silent functions are those without one, in the rule's own fixture files (name
// starting with the rule id, or a file where the rule fires; after a `---- valid` marker when the file has one), or
// under a comment that names the rule before a colon (`// layout-before-mismatch, access-before-mismatch: …`).
import type { Finding } from '../../server/src/types';

export type Dimension = 'construction' | 'call' | 'model';
export type StyleTags = Record<Dimension, Set<string>>;

export interface FixtureFunction {
  file: string;
  /** 0-based first and last line (the signature's first line through the closing brace). */
  start: number;
  end: number;
  /** The comment lines right above the signature. */
  comment: string;
  text: string;
  /** Names of the functions of the same file that this one calls (their styles count for it). */
  calls: string[];
  name: string;
}

const D3DX12 = /\bCD3DX12_\w+/;
const RAW = new RegExp([
  String.raw`\.(?:Transition|UAV|Aliasing)\.\w+\s*=`,
  String.raw`\.(?:SyncBefore|SyncAfter|AccessBefore|AccessAfter|LayoutBefore|LayoutAfter|NumBarriers|pTextureBarriers|pBufferBarriers|pGlobalBarriers|Dimension|MipLevels|DepthOrArraySize|Type)\s*=[^=]`,
  String.raw`\bD3D12_(?:\w+_BARRIER|BARRIER_GROUP|RESOURCE_DESC1?|HEAP_PROPERTIES|HEAP_DESC)\s+\w+(?:\[\w*\])*\s*(?:=\s*)?\{`,
  String.raw`\(D3D12_(?:\w+_BARRIER|BARRIER_GROUP|RESOURCE_DESC1?)\)\s*\{`,
].join('|'));
const C_MACRO = /\bID3D12\w+_\w+\s*\(/;
const METHOD = /(?:->|\.)\s*(?:Barrier|ResourceBarrier|Dispatch\w*|Draw\w*|Copy\w*|Clear\w*|Create\w*|Close|Reset|ExecuteCommandLists|ExecuteIndirect|Present|DiscardResource|Resolve\w*|OMSet\w*|Set\w+|Build\w*)\s*\(/;
const LEGACY = /\bResourceBarrier\b|\bD3D12_RESOURCE_STATE_|\bCD3DX12_RESOURCE_BARRIER\b|\bD3D12_RESOURCE_BARRIER\b/;
const ENHANCED = /(?<!Resource)\bBarrier\s*\(|(?<!Resource)_Barrier\s*\(|\bD3D12_BARRIER_|\bCD3DX12_(?:TEXTURE|BUFFER|GLOBAL)_BARRIER\b|\bD3D12_(?:TEXTURE|BUFFER|GLOBAL)_BARRIER\b/;

/** The text with comments, string and character literals blanked (same length, newlines kept). */
export function blankComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (m) => m.replace(/[^\n]/g, ' '));
}

/** Top-level function bodies (namespace and extern "C" blocks are looked through; a struct/class is one unit). */
export function splitFunctions(file: string, text: string): FixtureFunction[] {
  const code = blankComments(text).split('\n');
  const lines = text.split('\n');
  const out: FixtureFunction[] = [];
  let depth = 0;
  let transparent = 0;
  let sig = -1;
  let start = -1;
  for (let i = 0; i < code.length; i++) {
    const l = code[i];
    if (depth === transparent && start < 0 && /^\s*\S/.test(l) && sig < 0) sig = i;
    for (let c = 0; c < l.length; c++) {
      const ch = l[c];
      if (ch === '{') {
        if (depth === transparent && start < 0) {
          const head = code.slice(Math.max(sig, 0), i + 1).join(' ').slice(0, -(l.length - c));
          if (/^\s*(?:namespace\b[^;{]*|extern\s*$)/.test(head)) { depth++; transparent++; sig = -1; continue; }
          start = sig < 0 ? i : sig;
        }
        depth++;
      } else if (ch === '}') {
        depth--;
        if (depth < transparent) { transparent = depth; sig = -1; continue; }
        if (depth === transparent && start >= 0) {
          out.push(makeFunction(file, lines, start, i));
          start = -1;
          sig = -1;
        }
      } else if (ch === ';' && depth === transparent && start < 0) {
        sig = -1;
      }
    }
    if (depth === transparent && start < 0 && sig >= 0 && /^\s*(?:#|$)/.test(l)) sig = -1;
  }
  return out;
}

function makeFunction(file: string, lines: string[], start: number, end: number): FixtureFunction {
  let c = start;
  while (c > 0 && /^\s*(?:\/\/|\/\*|\*)/.test(lines[c - 1])) c--;
  const text = lines.slice(start, end + 1).join('\n');
  const head = blankComments(text).split('{')[0];
  const name = /([A-Za-z_]\w*)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*(?:const\s*)?$/.exec(head.trim())?.[1]
    ?? /(?:struct|class)\s+(\w+)/.exec(head)?.[1] ?? '';
  const calls = [...blankComments(text).matchAll(/\b([A-Za-z_]\w*)\s*\(/g)].map((m) => m[1]);
  return { file, start, end, comment: lines.slice(c, start).join('\n'), text, calls, name };
}

function ownTags(fn: FixtureFunction): StyleTags {
  const code = blankComments(fn.text);
  const tags: StyleTags = { construction: new Set(), call: new Set(), model: new Set() };
  if (D3DX12.test(code)) tags.construction.add('d3dx12');
  if (RAW.test(code)) tags.construction.add('raw');
  if (C_MACRO.test(code) || fn.file.endsWith('.c')) tags.call.add('c-macro');
  if (METHOD.test(code)) tags.call.add('method');
  if (LEGACY.test(code)) tags.model.add('legacy');
  if (ENHANCED.test(code)) tags.model.add('enhanced');
  return tags;
}

/** A function's styles: its own, plus those of the same-file helpers it calls (one level). */
export function styleTags(fn: FixtureFunction, sameFile: FixtureFunction[]): StyleTags {
  const tags = ownTags(fn);
  for (const callee of sameFile) {
    if (callee === fn || !callee.name || !fn.calls.includes(callee.name)) continue;
    const t = ownTags(callee);
    for (const d of Object.keys(tags) as Dimension[]) for (const v of t[d]) tags[d].add(v);
  }
  return tags;
}

/** Rule ids a comment above a function names as the subject of a near miss (`// id, id: …`). */
export function namedInComment(comment: string, ruleIds: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of comment.matchAll(/^\s*(?:\/\/|\/\*)\s*((?:[a-z][\w-]*\s*,\s*)*[a-z][\w-]*)\s*:/gm)) {
    for (const id of m[1].split(',').map((s) => s.trim())) if (ruleIds.has(id)) out.push(id);
  }
  return out;
}

/** Whether two different functions of `set` differ on one dimension; the dimension and values that show it. */
export function twoStyles(set: StyleTags[]): string | null {
  for (const d of ['construction', 'call', 'model'] as Dimension[]) {
    for (let i = 0; i < set.length; i++) {
      for (let j = 0; j < set.length; j++) {
        if (i === j) continue;
        for (const a of set[i][d]) for (const b of set[j][d]) if (a !== b) return `${d}: ${a} / ${b}`;
      }
    }
  }
  return null;
}

export interface RuleStyles {
  fire: StyleTags[];
  silent: StyleTags[];
}

/** Per rule id, the style tags of its must-fire and must-stay-silent fixture functions. */
export function ruleStyles(
  files: { file: string; base: string; text: string; findings: Finding[] }[], ruleIds: ReadonlySet<string>,
): Map<string, RuleStyles> {
  const out = new Map<string, RuleStyles>();
  const get = (id: string) => out.get(id) ?? out.set(id, { fire: [], silent: [] }).get(id)!;
  for (const { file, base, text, findings } of files) {
    const fns = splitFunctions(file, text);
    const validAt = text.split('\n').findIndex((l) => /^\s*(?:\/\/|\/\*)\s*-+\s*valid\b/i.test(l));
    const firing = new Map<FixtureFunction, Set<string>>();
    for (const f of findings) {
      const fn = fns.find((x) => x.start <= f.range.startLine && f.range.startLine <= x.end);
      if (fn) (firing.get(fn) ?? firing.set(fn, new Set()).get(fn)!).add(f.rule);
    }
    const firedHere = new Set(findings.map((f) => f.rule));
    const owners = new Set([...firedHere, ...[...ruleIds].filter((id) => base === id || base.startsWith(`${id}-`))]);
    for (const fn of fns) {
      const tags = styleTags(fn, fns);
      const fired = firing.get(fn) ?? new Set<string>();
      for (const id of fired) get(id).fire.push(tags);
      const silentFor = new Set(namedInComment(fn.comment, ruleIds));
      if (validAt < 0 || fn.start > validAt) for (const id of owners) silentFor.add(id);
      for (const id of silentFor) if (!fired.has(id)) get(id).silent.push(tags);
    }
  }
  return out;
}
