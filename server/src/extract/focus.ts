// Which function bodies of a file can matter to the analysis, decided before they are mirrored (node.ts
// focusedRoot): the extractor then copies and walks only those, and the rest of the file costs its parse alone.
//
// A body is kept when its function mentions a word the analysis reacts to (D3D12 names, barrier, resource,
// command-list, descriptor, creation, copy/draw/dispatch and lifecycle methods, the API tables of model/), a name
// the file declares outside functions with such a word (a member `ID3D12Resource* m_tex`, a typedef, a macro), a
// name defined in another file of the workspace, or a local type or preprocessor line; then, transitively, every
// function calling a kept one (its call site evaluates the helper), and every function a kept one calls (the call
// is evaluated, not havocked, and overloads stay ambiguous). A function left out records no event but calls to
// functions that were themselves left out, or to unknown functions: tracked from an empty state it could find
// nothing. Conservative by construction: words are matched anywhere in the text (comments and strings too).
//
// NOTE: a left-out function is not in the facts, so its helpers and unresolved calls are missing from the result:
// only callers that need findings and sites alone ask for focus (analyze.ts `focus`).
import { COMMANDS, CREATION_APIS, LIST_CREATION, LIST_OPS, STATE_ASSERTS } from '../model/api';
import { DESC_FACTORIES, HELPERS } from '../model/helpers';
import { DESCRIPTOR_TABLE_SETTERS, GPU_WORK, ROOT_DESCRIPTOR_SETTERS, VIEW_CREATION } from '../model/uses';
import type { DeferredBody, SyntaxNode } from './node';

export interface FocusOptions {
  /** Names another file defines as a helper (they are resolved there, not havocked). */
  external?: (name: string) => boolean;
  /** Told why each kept function is kept (tests and tuning). */
  explain?: (name: string, reason: string) => void;
}

/**
 * Parts of identifiers the extractor or the tracker reacts to, in any case (a superset: matching more only keeps
 * more). Container and memory calls (`push_back`, `memset`, `swap`) matter only on barrier values, and a barrier
 * variable is declared with one of these words (locally, as a parameter, or as a member: see seededDeclarations).
 */
const SEED_PART = /d3d|dxgi|xbox|barrier|resource|command|descriptor|heap|fence|subresource|raytracing|uav|srv|rtv|dsv|cbv|iid_ppv_args/i;
/** Case-sensitive parts: D3D12 method and member families, whose lowercase forms (`clear()`, `vsync`) are everywhere. */
const SEED_CASED = new RegExp([
  'Transition', 'Copy', 'Draw', 'Dispatch', 'Execute', 'Clear', 'Discard', 'Resolve', 'Present', 'Close', 'Reset',
  'Signal', 'Wait', 'GPU', 'Gpu', 'CPU', 'Cpu', 'Handle', 'HANDLE', 'View', 'VIEW', 'Buffer', 'BUFFER', 'Texture',
  'TEXTURE', 'Upload', 'UPLOAD', 'Readback', 'Alias', 'Tile', 'TILE', 'Acceleration', 'Layout', 'LAYOUT', 'Sync',
  'SYNC', 'Access', 'ACCESS', 'Queue', 'QUEUE', 'Allocator', 'Pipeline', 'PIPELINE', 'Root', 'ROOT', 'Set[A-Z]',
  'Create', 'Begin', 'End[A-Z]', 'State', 'STATE', 'Map', 'Swap', 'Device', 'DEVICE', 'ARRAY', 'countof',
  'Get[A-Z]\\w*(?:Address|Desc)',
].join('|'));
const API_WORDS: ReadonlySet<string> = new Set([
  ...Object.keys(COMMANDS), ...Object.keys(CREATION_APIS), ...Object.keys(LIST_CREATION), ...Object.keys(LIST_OPS),
  ...Object.keys(HELPERS), ...Object.keys(DESC_FACTORIES), ...Object.keys(VIEW_CREATION), ...Object.keys(ROOT_DESCRIPTOR_SETTERS),
  ...Object.keys(DESCRIPTOR_TABLE_SETTERS), ...Object.keys(GPU_WORK), ...Object.keys(STATE_ASSERTS),
]);
/** In a body: a local type (its members and methods are file-wide facts), a preprocessor line, an alias. */
const STRUCTURAL = /^\s*#|\b(?:class|struct|union|enum|typedef|using|template|operator|goto|asm|__asm|__asm__)\b/m;
const IDENT = /[A-Za-z_][A-Za-z0-9_]*/g;
const SIMPLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Declarations outside functions whose declared names are worth following into the functions that use them. */
const DECLARATIONS: ReadonlySet<string> = new Set([
  'declaration', 'field_declaration', 'type_definition', 'alias_declaration', 'preproc_def', 'preproc_function_def',
  'class_specifier', 'struct_specifier', 'union_specifier',
]);
/** Work a left-out function may need when tracked (statements × loop passes), kept below the tracker's budget. */
const WORK_BOUND = 20_000;
/** Loop passes the tracker may run per nesting level, and the nesting it runs to a fixpoint (track/budget.ts). */
const PASSES = 5;
const NESTING = 3;
const MAX_CALL_DEPTH = 4;

interface Candidate {
  d: DeferredBody;
  name: string;
  /** Identifiers of the body: the names it may call (read on first use, callsOf). */
  calls?: Set<string>;
  kept: boolean;
}

/** The bodies to mirror (undefined: all of them). */
export function chooseBodies(root: SyntaxNode, bodies: readonly DeferredBody[], text: string, options: FocusOptions = {}): ReadonlySet<DeferredBody> | undefined {
  if (bodies.length === 0) return undefined;
  const words = new Map<string, boolean>();
  const seedWord = (w: string): boolean => {
    let v = words.get(w);
    if (v === undefined) words.set(w, (v = SEED_PART.test(w) || SEED_CASED.test(w) || API_WORDS.has(w)));
    return v;
  };
  const { declared, calledOutside, mirroredFunctions } = namesOutsideBodies(root, text, { seedWord, bodies });
  const external = options.external;
  const cands: Candidate[] = bodies.map((d) => ({ d, name: definedName(d.fn), kept: false }));
  const byName = new Map<string, Candidate[]>();
  for (const c of cands) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
  const callsOf = (c: Candidate): Set<string> => (c.calls ??= new Set(text.slice(c.d.body.startIndex, c.d.body.endIndex).match(IDENT) ?? []));
  const work = workBounds(byName, text, callsOf);
  /** The first identifier of the function's text (head and body) that seeds it. */
  const ident = new RegExp(IDENT.source, 'g');
  const seedOf = (c: Candidate): string | undefined => {
    const end = c.d.body.endIndex;
    ident.lastIndex = c.d.fn.startIndex;
    for (let m = ident.exec(text); m && m.index < end; m = ident.exec(text)) {
      const id = m[0];
      if (seedWord(id) || declared.has(id) || external?.(id)) return id;
    }
    return undefined;
  };
  // Seeds.
  const queue: Candidate[] = [];
  const keep = (c: Candidate) => {
    if (c.kept) return;
    c.kept = true;
    queue.push(c);
  };
  for (const c of cands) {
    // NOTE: the cheap tests first (most bodies of barrier code name a seed word); the text scans only for the rest.
    let seeded: string | undefined = !SIMPLE_NAME.test(c.name) ? 'name' : seedOf(c);
    seeded ??= STRUCTURAL.exec(text.slice(c.d.body.startIndex, c.d.body.endIndex))?.[0] ?? (work(c) > WORK_BOUND ? 'work' : undefined);
    if (seeded) {
      options.explain?.(c.name, `seed ${seeded}`);
      keep(c);
    }
  }
  // Code mirrored whatever the choice (functions with syntax errors, lambdas outside functions, ERROR nodes, which
  // the extractor walks as statements): what it calls is evaluated there.
  for (const id of calledOutside) {
    for (const c of byName.get(id) ?? []) {
      if (!c.kept) options.explain?.(c.name, 'called from code mirrored whole');
      keep(c);
    }
  }
  if (queue.length === cands.length) return undefined;
  // Callers of kept functions, transitively.
  const callers = new Map<string, Candidate[]>();
  for (const c of cands) {
    if (c.kept) continue;
    for (const id of callsOf(c)) {
      if (!byName.has(id) && !mirroredFunctions.has(id)) continue;
      const list = callers.get(id);
      if (list) list.push(c);
      else callers.set(id, [c]);
    }
  }
  const seeds = queue.length;
  for (const name of mirroredFunctions) for (const c of callers.get(name) ?? []) keep(c);
  for (let i = 0; i < queue.length; i++) for (const c of callers.get(queue[i].name) ?? []) keep(c);
  if (options.explain) for (const c of queue.slice(seeds)) options.explain(c.name, 'calls a kept function');
  const reaching = queue.length;
  // Callees of kept functions, transitively (every function of a called name).
  for (let i = 0; i < queue.length; i++) {
    for (const id of callsOf(queue[i])) for (const c of byName.get(id) ?? []) keep(c);
  }
  if (options.explain) for (const c of queue.slice(reaching)) options.explain(c.name, 'called by a kept function');
  if (queue.length === cands.length) return undefined;
  return new Set(queue.map((c) => c.d));
}

/** The unqualified name the extractor gives the function (extract.ts readSignature), '' when there is none. */
function definedName(fn: SyntaxNode): string {
  let d: SyntaxNode | null = fn.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator' && d.type !== 'abstract_function_declarator' && d.type !== 'lambda_declarator') {
    d = d.childForFieldName('declarator') ?? d.namedChildren.find((c) => c.type.includes('declarator')) ?? null;
  }
  const qualified = d?.childForFieldName('declarator')?.text.replace(/\s+/g, '') ?? '<anonymous>';
  return qualified.split('::').pop() ?? qualified;
}

/**
 * What the code outside the bodies left for the choice holds: names declared by a declaration that mentions a seed
 * word (members, globals, aliases, macros); the identifiers of the code mirrored whatever the choice (ERROR nodes,
 * bodies of functions that are not left for it, lambdas outside functions), which it may call; the names of those
 * functions, which others may call.
 */
function namesOutsideBodies(
  root: SyntaxNode, text: string, ctx: { seedWord: (w: string) => boolean; bodies: readonly DeferredBody[] },
): { declared: Set<string>; calledOutside: Set<string>; mirroredFunctions: Set<string> } {
  const deferredFns = new Set(ctx.bodies.map((d) => d.fn));
  const placeholders = new Set(ctx.bodies.map((d) => d.body));
  const out = new Set<string>();
  const calledOutside = new Set<string>();
  const mirroredFunctions = new Set<string>();
  // Each node with whether an enclosing node's identifiers were already read (parallel stacks: no pair per node).
  const stack: SyntaxNode[] = [root];
  const readStack: boolean[] = [false];
  while (stack.length) {
    const n = stack.pop()!;
    const read = readStack.pop()!;
    const code = !read && (n.type === 'ERROR' || n.type === 'compound_statement') && !placeholders.has(n);
    if (code) for (const id of text.slice(n.startIndex, n.endIndex).match(IDENT) ?? []) calledOutside.add(id);
    if (n.type === 'function_definition' && !deferredFns.has(n)) mirroredFunctions.add(definedName(n));
    for (let i = n.children.length - 1; i >= 0; i--) {
      stack.push(n.children[i]);
      readStack.push(read || code);
    }
    if (!DECLARATIONS.has(n.type)) continue;
    const words = text.slice(n.startIndex, n.endIndex).match(IDENT) ?? [];
    if (!words.some(ctx.seedWord)) continue;
    for (const c of n.children) if (c.field === 'declarator' || c.field === 'name') declaredNamesIn(c, out);
  }
  return { declared: out, calledOutside, mirroredFunctions };
}

/** The names a declarator declares: not its parameters, initial values or template arguments. */
function declaredNamesIn(d: SyntaxNode, out: Set<string>): void {
  const stack = [d];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'identifier' || n.type === 'field_identifier' || n.type === 'type_identifier' || n.type === 'namespace_identifier') out.add(n.text);
    for (const c of n.children) if (c.field !== 'parameters' && c.field !== 'value' && c.field !== 'arguments' && c.field !== 'size') stack.push(c);
  }
}

/**
 * The deepest nesting of loops in a body, from its text: a loop keyword opens a level for the block (or the single
 * statement) after it. Over-counts (`do ... while` counts twice), never under-counts.
 */
function loopNesting(body: string): number {
  const frames: number[] = [0];
  let pending = 0;
  let parens = 0;
  let deepest = 0;
  const re = /\b(?:for|while|do)\b|[{}();]/g;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const t = m[0];
    const top = frames[frames.length - 1];
    if (t === '(') parens++;
    else if (t === ')') parens = Math.max(0, parens - 1);
    else if (t === '{') {
      frames.push(top + pending);
      pending = 0;
    } else if (t === '}') {
      if (frames.length > 1) frames.pop();
      pending = 0;
    } else if (t === ';') {
      if (parens === 0) pending = 0;
    } else pending++;
    deepest = Math.max(deepest, frames[frames.length - 1] + pending);
  }
  return deepest;
}

/**
 * An upper bound of the tracker's work on a function from its text: statement-like tokens, times the loop passes
 * its loops may need, plus the same for the file's functions it may call (to the tracker's call depth); read on
 * first use per function.
 */
function workBounds(byName: ReadonlyMap<string, Candidate[]>, text: string, callsOf: (c: Candidate) => Set<string>): (c: Candidate) => number {
  const ownWork = new Map<Candidate, { statements: number; passes: number }>();
  const own = (c: Candidate) => {
    let w = ownWork.get(c);
    if (!w) {
      const body = text.slice(c.d.body.startIndex, c.d.body.endIndex);
      const statements = (body.match(/[;{}(,?:]/g)?.length ?? 0) + 1;
      ownWork.set(c, (w = { statements, passes: PASSES ** Math.min(loopNesting(body), NESTING) }));
    }
    return w;
  };
  // NOTE: by depth, not by call stack: a recursive call is counted again down to the depth limit (more, not less).
  const memo = Array.from({ length: MAX_CALL_DEPTH + 1 }, () => new Map<Candidate, number>());
  const bound = (c: Candidate, depth: number): number => {
    const known = memo[depth].get(c);
    if (known !== undefined) return known;
    const { statements, passes } = own(c);
    let total = statements;
    if (depth < MAX_CALL_DEPTH) {
      for (const id of callsOf(c)) {
        // A recursive call is havocked by the tracker, not evaluated.
        for (const g of byName.get(id) ?? []) if (g !== c) total += bound(g, depth + 1);
        if (total * passes > WORK_BOUND) break;
      }
    }
    total = Math.min(total * passes, WORK_BOUND + 1);
    memo[depth].set(c, total);
    return total;
  };
  return (c) => bound(c, 0);
}
