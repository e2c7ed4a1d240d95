// The descriptor pass: the descriptor walk (descriptor-walk.ts) run over every function body before the main
// evaluation — the file's handle and view helpers first, then every function, twice when handles are stored in
// members — and its file-wide tables: views written into heap slots, buffer views filled with GPU virtual
// addresses, handles stored in members, plus, for each binding/clear call, the values of its arguments (read back
// by descriptor-events.ts when the evaluator records the call). Unknown stays unknown.
import type { SyntaxNode } from './node';
import type { FileCtx } from './context';
import type { CallAnnotation, DescriptorPass, StoredHandleFact, ViewFact } from './descriptor-facts';
import type { DScope } from './descriptor-values';
import { HANDLE_TYPE, MEMBER_NAME, isName } from './descriptor-values';
import { enumerators, incrementSizes, storedLookup } from './descriptor-scan';
import { oneReturnGetters, type GetterCandidate } from './resource-getters';
import { calleeName, rangeOf, unwrapValue } from './syntax';
import { pairedOpaqueStores, unstoredMemberHandles, viewTargetKeys } from './opaque-handles';
import { pairedGpuParams } from './handle-pairs';
import { declaredName } from './types';
import { declaredNames } from './walker';
import type { HandleHelper, MemberView } from './descriptor-facts';
import type { ViewHelper } from './member-views';
import { classMemberViews, MemberViewLog, structTypeName, viewHelpersOf } from './member-views';
import { type RunClassViews, classOfQualified, exportClassViews, importedFor, importedViews } from './class-views';
import { handlePlaceholder, heapPlaceholder, summarize } from './handle-helpers';
import { Walk } from './descriptor-walk';

/** A returned expression that may be a descriptor handle. */
const HANDLE_HINT = /DESCRIPTOR_HANDLE|DescriptorHandleForHeapStart|Get(?:Cpu|Gpu|First)\w*Handle/;
// A file that creates views through handles of helpers it calls (`get_cpu_rtv_handle(&ctx, heap, 3)`) names none of
// the handle types: the view creations are the hint.
// A file that only clears or binds handles a setup helper of another file stored in a struct (`context.rtv`) names
// none of them either: the uses are the hint.
const HINTS = /DESCRIPTOR_HANDLE|GetGPUVirtualAddress|DescriptorHandleForHeapStart|Get(?:Cpu|Gpu|First)\w*Handle|Create(?:RenderTarget|DepthStencil|ShaderResource|UnorderedAccess|ConstantBuffer)View\b|OMSetRenderTargets|Clear(?:RenderTarget|DepthStencil)View\b/;

export interface FunctionBody {
  body: SyntaxNode;
  node: SyntaxNode;
  params: string[];
  paramTypes?: string[];
  name: string;
  /** `Renderer::Render`, or the name for a free function (extract/class-views.ts reads the class). */
  qualified?: string;
}

/**
 * The file's handle helpers: functions returning a descriptor handle, walked with their heap and handle parameters
 * standing for the caller's (extract/handle-helpers.ts). Two rounds, so a helper may call another of the file.
 */
function fileHandleHelpers(fns: FunctionBody[], scope: (f: FunctionBody, helpers: ReadonlyMap<string, HandleHelper>) => DScope, imported: ReadonlyMap<string, HandleHelper>): HandleHelper[] {
  const candidates = fns.filter((f) => f.params.length > 0 && HANDLE_TYPE.test(f.node.childForFieldName('type')?.text ?? ''));
  if (candidates.length === 0) return [];
  let found: HandleHelper[] = [];
  for (let round = 0; round < 2; round++) {
    const known = new Map([...imported, ...byName(found)]);
    const next: HandleHelper[] = [];
    for (const f of candidates) {
      const s = scope(f, known);
      f.params.forEach((p, i) => {
        const type = f.paramTypes?.[i] ?? '';
        if (/DescriptorHeap/.test(type)) s.env.set(p, { t: 'res', ref: { key: heapPlaceholder(i), text: p, range: rangeOf(f.node) } });
        else if (HANDLE_TYPE.test(type)) s.env.set(p, { t: 'handle', h: { heap: handlePlaceholder(i), index: { c: 0 }, text: p, range: rangeOf(f.node) } });
      });
      const w = new Walk(s);
      w.stmt(f.body);
      const h = summarize(f.name, f.params, w.returns);
      if (h) next.push(h);
    }
    found = next;
  }
  return found;
}

/** Helpers by name; a name defined twice with different summaries answers nothing. */
function byName(helpers: readonly HandleHelper[]): Map<string, HandleHelper> {
  const out = new Map<string, HandleHelper>();
  const bad = new Set<string>();
  for (const h of helpers) {
    const prev = out.get(h.name);
    if (prev && JSON.stringify(prev) !== JSON.stringify(h)) bad.add(h.name);
    out.set(h.name, h);
  }
  for (const b of bad) out.delete(b);
  return out;
}

/** Locals and parameters of a function whose type is a named struct (extract/member-views.ts). */
function structTypes(f: FunctionBody): Map<string, string> {
  const out = new Map<string, string>();
  f.params.forEach((p, i) => {
    const t = structTypeName(f.paramTypes?.[i] ?? '');
    if (p && t) out.set(p, t);
  });
  for (const d of f.body.descendantsOfType('declaration')) {
    const t = structTypeName(d.childForFieldName('type')?.text ?? '');
    if (!t) continue;
    for (const x of d.childrenForFieldName('declarator')) {
      const name = declaredName(x.type === 'init_declarator' ? x.childForFieldName('declarator') : x);
      if (name) out.set(name, t);
    }
  }
  return out;
}

/** The file's view helpers: functions walked with their handle parameters standing for the caller's handles. */
function fileViewHelpers(fns: FunctionBody[], scope: (f: FunctionBody) => DScope): Map<string, ViewHelper[]> {
  const out = new Map<string, ViewHelper[]>();
  const clash = new Set<string>();
  for (const f of fns) {
    const handles = f.params.map((_p, i) => HANDLE_TYPE.test(f.paramTypes?.[i] ?? ''));
    if (f.params.length < 2 || !VIEW_CALL.test(f.body.text)) continue;
    const s = scope(f);
    f.params.forEach((p, i) => {
      if (handles[i]) s.env.set(p, { t: 'handle', h: { heap: handlePlaceholder(i), index: { c: 0 }, text: p, range: rangeOf(f.node) } });
    });
    const w = new Walk(s);
    w.stmt(f.body);
    const found = viewHelpersOf(f.name, f.params, w.views, handlePlaceholder);
    if (out.has(f.name) && JSON.stringify(out.get(f.name)) !== JSON.stringify(found)) clash.add(f.name);
    if (found.length) out.set(f.name, found);
  }
  for (const c of clash) out.delete(c);
  return out;
}

/**
 * The views view helpers write at their slot parameter, for each helper some call of which the walk did not follow
 * (`this->Bind(…)`, `obj.Bind(…)`, an argument count it does not take): there the slot stays symbolic, as before.
 */
function unfollowedHelperViews(walks: readonly Walk[], fns: readonly FunctionBody[], root: SyntaxNode): ViewFact[] {
  const own = walks.filter((w) => w.perCallViews.length);
  if (own.length === 0) return [];
  const followed = new Map<string, number>();
  for (const w of walks) for (const [k, v] of w.helperCalls) followed.set(k, (followed.get(k) ?? 0) + v);
  const names = new Set(own.map((w) => fns[walks.indexOf(w)].name));
  const calls = new Map<string, number>();
  for (const c of root.descendantsOfType('call_expression')) {
    const f = c.childForFieldName('function');
    const name = f ? calleeName(f) : null;
    if (name && names.has(name)) calls.set(name, (calls.get(name) ?? 0) + 1);
  }
  return own.flatMap((w) => {
    const name = fns[walks.indexOf(w)].name;
    return (calls.get(name) ?? 0) === (followed.get(name) ?? 0) ? [] : w.perCallViews;
  });
}

const CPU_HANDLE_TYPE = /\b(?:CD3DX12|D3D12)_CPU_DESCRIPTOR_HANDLE\b/;
const GPU_HANDLE_TYPE = /\b(?:CD3DX12|D3D12)_GPU_DESCRIPTOR_HANDLE\b/;

/** A function's GPU handle parameters named like one of its CPU handle parameters (handle-pairs.ts). */
function gpuParamPairs(f: FunctionBody): Map<string, string> {
  const typed = (re: RegExp) => f.params.filter((_p, i) => re.test(f.paramTypes?.[i] ?? ''));
  return pairedGpuParams(typed(CPU_HANDLE_TYPE), typed(GPU_HANDLE_TYPE));
}
const VIEW_CALL = /Create(?:RenderTarget|DepthStencil|ShaderResource|UnorderedAccess)View\b/;

/**
 * Whether a body may read what the first round found: a stored handle (its key, as an expression spells it, starts
 * with the key's first name, or a getter of the file returns it) or a member view (`ctx.rtv`, named by its member). A body naming none of them walks the
 * second round as it walked the first. Undefined: every body may (a key that does not start with a name).
 */
function readsStored(stores: readonly StoredHandleFact[], views: readonly MemberView[], getters: ReadonlyMap<string, SyntaxNode>): ((body: string) => boolean) | undefined {
  const names = new Set<string>();
  for (const st of stores) {
    const root = /^[A-Za-z_]\w*/.exec(st.key)?.[0];
    if (!root) return undefined;
    names.add(root);
  }
  for (const v of views) names.add(v.name.slice(v.name.lastIndexOf(':') + 1).replace(/\[\d+\]$/, ''));
  // A getter returning a stored member (`GetRTV()` → `m_rtv`) reads it where it is called.
  const stored = [...names];
  for (const [name, expr] of getters) if (stored.some((n) => expr.text.includes(n))) names.add(name);
  const all = [...names];
  return (body) => all.some((n) => body.includes(n));
}

/** A function declared to return a descriptor handle whose one return names a member (`return m_rtv;`). */
function memberHandleGetter(fn: SyntaxNode, expr: SyntaxNode): boolean {
  const e = unwrapValue(expr);
  return fn.type === 'function_definition' && HANDLE_TYPE.test(fn.childForFieldName('type')?.text ?? '') && isName(e) && MEMBER_NAME.test(e.text);
}

/** The handle getters among `fns`: one return of a handle expression, or `GetRTV() const { return m_RTVHandle; }` (a handle-typed getter of a member). */
export function handleGetters(fns: readonly GetterCandidate[]): Map<string, SyntaxNode> {
  return oneReturnGetters([...fns], (f, expr) => HANDLE_HINT.test(expr.text) || memberHandleGetter(f.node, expr));
}

/**
 * Run the descriptor walker over the file's functions (two rounds when handles are stored in members).
 * `importedGetters`: other files' getters the file calls (imported-getters.ts), read as its own.
 */
export function descriptorPass(fns: FunctionBody[], file: FileCtx, root: SyntaxNode, imported: readonly HandleHelper[] = [], importedMembers: readonly MemberView[] = [], importedGetters: readonly GetterCandidate[] = [], runClasses?: RunClassViews): DescriptorPass | undefined {
  // What methods of the file's classes wrote about members in other files of the run (extract/class-views.ts).
  const classes = importedFor(runClasses, fns.flatMap((f) => classOfQualified(f.qualified ?? '') ?? []), file.classBases);
  if (!HINTS.test(file.text) && imported.length === 0 && importedMembers.length === 0 && classes.length === 0) return undefined;
  const classStores = classes.flatMap((c) => c.stores);
  const sizes = incrementSizes(root);
  const enums = enumerators(root, { file, env: new Map(), enums: new Map() });
  const getters = handleGetters([...fns, ...importedGetters]);
  const viewTargets = viewTargetKeys(root, file.text);
  const missing = new Set<string>();
  const missingMembers = new Set<string>();
  const types = new Map(fns.map((f) => [f, structTypes(f)]));
  let memberViews: ReadonlyMap<string, MemberView> = new Map(importedMembers.map((m) => [m.name, m]));
  // What a function's scope holds whatever the walk (made once per function: the helper passes and both rounds ask again).
  const fixed = new Map<FunctionBody, Pick<DScope, 'locals' | 'scope' | 'params' | 'handleParams' | 'pairedGpu'>>();
  const fixedOf = (f: FunctionBody) => {
    let o = fixed.get(f);
    if (!o) {
      o = {
        locals: new Set([...f.params, ...declaredNames(f.body)]), scope: `${f.name}@${f.node.startPosition.row}`, params: new Set(f.params),
        handleParams: new Set(f.params.filter((_p, i) => CPU_HANDLE_TYPE.test(f.paramTypes?.[i] ?? ''))), pairedGpu: gpuParamPairs(f),
      };
      fixed.set(f, o);
    }
    return o;
  };
  const scopeOf = (f: FunctionBody, stored: DScope['stored'], handleHelpers: ReadonlyMap<string, HandleHelper>): DScope => {
    const o = fixedOf(f);
    return {
      file, env: new Map(), sizes, enums, locals: o.locals, scope: o.scope,
      stored, getters, handleHelpers, missing, types: types.get(f), params: o.params, memberViews, body: f.body.text, missingMembers,
      handleParams: o.handleParams, viewTargets,
      pairedGpu: o.pairedGpu,
    };
  };
  const importedByName = byName(imported);
  const ownHelpers = fileHandleHelpers(fns, (f, known) => scopeOf(f, () => undefined, known), importedByName);
  const handleHelpers = new Map([...importedByName, ...byName(ownHelpers)]);
  const viewHelpers = fileViewHelpers(fns, (f) => scopeOf(f, () => undefined, handleHelpers));
  let stores: StoredHandleFact[] = classStores;
  let result: Walk[] = [];
  let own: MemberView[] = [];
  // Handle members their class's methods wrote a view at, new after the second round (a third round reads them).
  let classOwn: MemberView[] = [];
  for (let round = 0; round < 3; round++) {
    if (round === 2 && classOwn.length === 0) break;
    const stored = storedLookup(stores, true);
    const log = new MemberViewLog();
    const rereads = round === 0 ? undefined : readsStored(round === 1 ? stores : [], round === 1 ? own : classOwn, round === 1 ? getters : new Map());
    result = fns.map((f, i) => {
      // The second round differs from the first only where a stored handle or one of the file's member views is read.
      if (rereads && !rereads(f.body.text)) return result[i];
      const w = new Walk(scopeOf(f, stored, handleHelpers), log, viewHelpers);
      const own = viewHelpers.get(f.name)?.find((v) => v.heap !== undefined && v.argc === f.params.length);
      if (own) w.perCall = { params: f.params, slot: own.handle, resource: f.params[own.resource] };
      w.stmt(f.body);
      return w;
    });
    const found = result.flatMap((w) => w.stores);
    // Both rounds: the second round's stores are the ones the facts keep (helpers reading `t.dsv` through a
    // parameter look the caller's member up there, track/bindings.ts callerHandle).
    if (viewTargets.size > 0) found.push(...unstoredMembers(viewTargets, [...found, ...classStores], fns));
    if (viewTargets.size > 0) found.push(...pairedOpaqueStores([...found, ...classStores], viewTargets, file.text));
    if (round === 0) {
      // The file's own member views (a setup helper of this file) are read at its uses in the second round.
      own = log.result();
      memberViews = new Map([...memberViews, ...own.map((m) => [m.name, m] as const)]);
    }
    if (round === 1) {
      // A method's own view at the member handle it stored is seen once stored handles are read (this round).
      classOwn = classMemberViews(result.map((w, i) => ({ cls: classOfQualified(fns[i].qualified ?? ''), locals: w.s.locals, views: w.views, stores: w.stores })))
        .filter((m) => !memberViews.has(m.name));
      own = [...own, ...classOwn];
      memberViews = new Map([...memberViews, ...classOwn.map((m) => [m.name, m] as const)]);
    }
    if (round === 0 && found.length === 0 && own.length === 0) break;
    stores = [...found, ...classStores];
  }
  const calls = new Map<SyntaxNode, CallAnnotation>();
  for (const w of result) for (const [k, v] of w.calls) calls.set(k, v);
  const swapChain = [...new Set(classes.flatMap((c) => c.swapChain))];
  return {
    facts: rangesApart({
      views: [...result.flatMap((w) => w.views), ...unfollowedHelperViews(result, fns, root), ...importedViews(classes)], bufferViews: result.flatMap((w) => w.bufferViews),
      ...(result.some((w) => w.counters.length) ? { uavCounters: result.flatMap((w) => w.counters) } : {}),
      storedHandles: stores, taintedHeaps: [...new Set([...result.flatMap((w) => [...w.tainted]), ...classes.flatMap((c) => c.tainted)])],
      ...(swapChain.length ? { swapChainBuffers: swapChain } : {}),
    }),
    classViews: exportClassViews(result.map((w, i) => ({ qualified: fns[i].qualified ?? fns[i].name, locals: w.s.locals, views: w.views, stores: w.stores, tainted: w.tainted }))),
    calls,
    handleHelpers: ownHelpers,
    unresolvedHandleCalls: [...missing].filter((name) => !handleHelpers.has(name)),
    memberViews: own,
    unresolvedMembers: [...missingMembers].filter((name) => !memberViews.has(name)),
  };
}

/**
 * The descriptor facts with range objects of their own. NOTE: `rangeOf` gives a syntax node's one range object, so a
 * view or stored handle was the same object as the range of an event of the function it was found in when both were
 * extracted from one tree, but two objects once that function's facts are the function cache's copy
 * (extract/function-cache.ts). The language server's kept calls (track/kept-runs.ts) compare ranges one to one, so
 * they refused to replay from a run that extracted those functions afresh ("range paired with another",
 * docs/real-world.md sessions 37 and 38). Apart in both, they pair alike. For the same reason a stored handle read in
 * another function gets a range of its own there (storedLookup `apart`). No rule compares these ranges by identity.
 */
function rangesApart<T>(facts: T): T {
  const copies = new Map<object, unknown>();
  const copy = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    const known = copies.get(v);
    if (known !== undefined) return known;
    if (Array.isArray(v)) {
      const a = new Array<unknown>(v.length);
      copies.set(v, a);
      for (let i = 0; i < v.length; i++) if (i in v) a[i] = copy(v[i]);
      return a;
    }
    // Only plain objects (ranges and the records holding them): anything else stays itself.
    if (Object.getPrototypeOf(v) !== Object.prototype) return v;
    const o: Record<string, unknown> = {};
    copies.set(v, o);
    for (const [k, x] of Object.entries(v)) o[k] = copy(x);
    return o;
  };
  return copy(facts) as T;
}

/** unstoredMemberHandles for the file: names its functions declare or take are not members. */
function unstoredMembers(targets: ReadonlyMap<string, SyntaxNode>, stores: readonly StoredHandleFact[], fns: readonly FunctionBody[]): StoredHandleFact[] {
  const stored = new Set(stores.map((st) => st.key));
  if ([...targets.keys()].every((k) => stored.has(k))) return [];
  const locals = new Set(fns.flatMap((f) => [...f.params, ...declaredNames(f.body)]));
  return unstoredMemberHandles(targets, stored, (root) => locals.has(root));
}
