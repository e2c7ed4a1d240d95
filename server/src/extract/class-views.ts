// Views of a class's members across the files of a run: `Renderer::CreateTargets()` in Device.cpp writes the RTVs of
// `m_backBuffers[i]` into `m_rtvHeap` (and stores the scene target's slot in the member handle `m_sceneRtv`), while
// `Renderer::Render()` in Renderer.cpp clears `CD3DX12_CPU_DESCRIPTOR_HANDLE(m_rtvHeap->…Start(), m_frameIndex, size)`
// or `m_sceneRtv`. Each file exports, per class whose methods it defines, what those methods wrote about members
// only — views in member heaps of member resources, handles stored in members, member heaps written at unknown slots,
// and the swap-chain buffers `GetBuffer` fills — and a file defining methods of the same class reads them as its own
// (descriptor table, stored handles, swap-chain buffers for Present). Anything that names a local, a parameter or a
// helper's placeholder stays in its file. Two files that disagree about a slot make it unknown, as two methods of one
// file do (track/descriptor-table.ts).
import type { ClassViews, DescIndex, HandleFact, StoredHandleFact, ViewFact } from './descriptor-facts';
import { keyRoot } from './descriptor-values';
import { forEachEvent } from './events';
import type { FunctionFacts } from './facts';


/** The class a method's qualified name names (`Renderer::Render` → Renderer), or null for a free function. */
export function classOfQualified(qualified: string): string | null {
  const i = qualified.lastIndexOf('::');
  return i > 0 ? qualified.slice(0, i) : null;
}

/** One function's walk, as the exporter reads it. */
export interface WalkedMethod {
  qualified: string;
  locals: ReadonlySet<string>;
  views: readonly ViewFact[];
  stores: readonly StoredHandleFact[];
  tainted: Iterable<string>;
}

/** A key that names the object's member (or a global), the same in every file of the class. */
function memberKey(key: string | undefined | null, locals: ReadonlySet<string>): boolean {
  return !!key && !key.includes('#') && !key.includes('\u0001') && !key.startsWith('*') && !locals.has(keyRoot(key.replace(/^&/, '')));
}

function memberIndex(i: DescIndex | null, locals: ReadonlySet<string>, loopVar?: string): boolean {
  if (!i || 'c' in i) return true;
  return i.sym === loopVar || memberKey(i.sym, locals) && /^[A-Za-z_][\w.>\-[\]]*$/.test(i.sym);
}

function memberHandle(h: HandleFact, locals: ReadonlySet<string>, loopVar?: string): boolean {
  return memberKey(h.heap, locals) && memberIndex(h.index, locals, loopVar);
}

/**
 * A view written into a member heap's slot, as other files of the class read it: of a member resource, or (a local's,
 * a parameter's, a resource not named) of a resource they cannot name — the slot is then unknown there. Null for a
 * view written elsewhere.
 */
function memberView(v: ViewFact, locals: ReadonlySet<string>): ViewFact | null {
  if (!memberHandle({ heap: v.heap, index: v.index, text: '', range: v.range }, locals, v.loopVar)) return null;
  const out: ViewFact = { ...v };
  delete out.scope;
  if (v.copyOf && !memberHandle(v.copyOf, locals)) {
    delete out.copyOf;
    return { ...out, view: null };
  }
  if (v.loopBound && !memberKey(v.loopBound, locals)) {
    delete out.loopBound;
    delete out.loopVar;
    return { ...out, index: null };
  }
  return v.scope || (v.resource?.key && !memberKey(v.resource.key, locals)) ? { ...out, resource: null } : out;
}

/** The member facts of the file's walked methods, by class. */
export function exportClassViews(walked: readonly WalkedMethod[]): ClassViews[] {
  const byClass = new Map<string, ClassViews>();
  const of = (cls: string) => {
    let c = byClass.get(cls);
    if (!c) byClass.set(cls, (c = { cls, views: [], stores: [], tainted: [], swapChain: [] }));
    return c;
  };
  for (const w of walked) {
    const cls = classOfQualified(w.qualified);
    if (!cls) continue;
    const views = w.views.flatMap((v) => memberView(v, w.locals) ?? []);
    const stores = w.stores.filter((st) => memberKey(st.key, w.locals) && memberHandle(st.handle, w.locals, st.loopVar));
    const tainted = [...w.tainted].filter((t) => memberKey(t, w.locals));
    if (views.length === 0 && stores.length === 0 && tainted.length === 0) continue;
    const c = of(cls);
    c.views.push(...views);
    c.stores.push(...stores);
    c.tainted.push(...tainted);
  }
  return [...byClass.values()];
}

/** Other files' member facts, and the base classes the run declares (`class BoxApp : public D3DApp` in BoxApp.cpp). */
export interface RunClassViews {
  views: readonly ClassViews[];
  bases?: readonly (readonly [string, readonly string[]])[];
}

/** The classes whose members a method of `classes` names: themselves and their bases, transitively. */
export function withBases(classes: Iterable<string>, bases: ReadonlyMap<string, readonly string[]>): Set<string> {
  const out = new Set<string>();
  const todo = [...classes];
  while (todo.length && out.size < 64) {
    const c = todo.shift()!;
    if (out.has(c)) continue;
    out.add(c);
    todo.push(...bases.get(c) ?? []);
  }
  return out;
}

/**
 * The imported facts of the classes whose methods the file defines (`classes`, with their bases as the file and the
 * run declare them), from files other than its own.
 */
export function importedFor(run: RunClassViews | undefined, classes: Iterable<string>, own: ReadonlyMap<string, readonly string[]> | undefined): ClassViews[] {
  if (!run?.views.length) return [];
  const bases = new Map<string, string[]>();
  for (const [c, bs] of [...run.bases ?? [], ...own ?? []]) bases.set(c, [...new Set([...bases.get(c) ?? [], ...bs])]);
  const wanted = withBases(classes, bases);
  return run.views.filter((c) => wanted.has(c.cls));
}

/** Imported views, with the file they were created in (notes point there). */
export function importedViews(imported: readonly ClassViews[]): ViewFact[] {
  return imported.flatMap((c) => c.views.map((v) => (c.uri ? { ...v, uri: c.uri } : v)));
}

/**
 * The file's exports: the descriptor walk's member facts (`walked`) with the swap-chain buffers its methods fill
 * (`m_swapChain->GetBuffer(i, IID_PPV_ARGS(&m_backBuffers[i]))`), and the classes whose methods it defines.
 */
export function classViewsOf(walked: readonly ClassViews[] | undefined, functions: readonly FunctionFacts[]): { classViews?: ClassViews[]; methodClasses?: string[] } {
  const swapChain = new Map<string, Set<string>>();
  const classes = new Set<string>();
  for (const fn of functions) {
    const cls = classOfQualified(fn.qualifiedName);
    if (!cls) continue;
    classes.add(cls);
    const locals = new Set([...fn.params, ...fn.locals ?? []]);
    forEachEvent(fn.body, (e) => {
      const key = e.kind === 'resource-creation' && e.creation.swapChain ? e.creation.resource.key : null;
      if (key && memberKey(key, locals)) swapChain.set(cls, (swapChain.get(cls) ?? new Set()).add(key));
    });
  }
  const out = [...walked ?? []].map((c) => ({ ...c, swapChain: [...swapChain.get(c.cls) ?? []] }));
  for (const [cls, keys] of swapChain) if (!out.some((c) => c.cls === cls)) out.push({ cls, views: [], stores: [], tainted: [], swapChain: [...keys] });
  return { ...(out.length ? { classViews: out } : {}), ...(classes.size ? { methodClasses: [...classes] } : {}) };
}
