// Descriptor slots a member holds without the file naming them: `m_rtv = rtv;` of a D3D12_CPU_DESCRIPTOR_HANDLE
// parameter. The slot is named by the storing function and the parameter, so that a view written at the member
// (`CreateRenderTargetView(m_resource, nullptr, m_rtv)`) is the one a use of the member (`ClearRenderTargetView(m_rtv,
// …)`, a getter returning it) reads. A member stored in two places holds two such slots: the file-wide lookup of
// stored handles then names nothing (descriptor-scan.ts).
//
// A render-target wrapper often receives its resource and its view together and never creates the view itself:
//
//   void Attach(ID3D12Resource* resource, D3D12_CPU_DESCRIPTOR_HANDLE rtv)
//   { m_resource = resource; m_rtv = rtv; m_state = D3D12_RESOURCE_STATE_RENDER_TARGET; }
//
// When the storing function takes exactly one resource and one CPU handle, stores both in members, creates no view,
// and its own bookkeeping says the resource is a render target (RENDER_TARGET) or a depth buffer (DEPTH_WRITE, the
// DEPTH_STENCIL_WRITE layout), the handle is read as that resource's RTV or DSV. Without that bookkeeping (a handle
// stored next to some resource) the slot's view stays unknown.
import type { HandleFact, ViewFact } from './descriptor-facts';
import type { DScope } from './descriptor-values';
import { paramHandle, resourceOf } from './descriptor-values';
import type { SyntaxNode } from './node';
import { isResourceType } from './resources';
import { rangeOf, unwrapValue } from './syntax';

const norm = (t: string): string => t.replace(/\s+/g, '').replace(/^this->/, '');

const KIND_OF: Readonly<Record<string, 'rtv' | 'dsv'>> = {
  D3D12_RESOURCE_STATE_RENDER_TARGET: 'rtv', D3D12_BARRIER_LAYOUT_RENDER_TARGET: 'rtv',
  D3D12_RESOURCE_STATE_DEPTH_WRITE: 'dsv', D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE: 'dsv',
};

/** A member a function stores from its parameter (`m_rtv = rtv`): the slot it holds, and the view read into it. */
export function heldParameter(target: SyntaxNode, right: SyntaxNode, s: DScope): { handle: HandleFact; view?: ViewFact } | null {
  const r = unwrapValue(right);
  if (r.type !== 'identifier' || !(s.handleParams?.has(r.text) || s.pairedGpu?.has(r.text))) return null;
  const key = norm(target.text);
  if (!/^[A-Za-z_]\w*$/.test(key) || s.locals.has(key)) return null;
  const handle = paramHandle(r, s);
  const view = s.handleParams?.size === 1 && s.handleParams.has(r.text) ? attachedView(r, handle, s) : null;
  return { handle, ...(view ? { view } : {}) };
}

function enclosingFunction(n: SyntaxNode): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) if (p.type === 'function_definition') return p;
  return null;
}

/** The names of a function's parameters declared with a resource pointer type. */
function resourceParams(fn: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const p of fn.descendantsOfType('parameter_declaration')) {
    const name = p.childForFieldName('declarator')?.descendantsOfType('identifier').at(-1)?.text ?? p.childForFieldName('declarator')?.text;
    if (name && isResourceType(p.childForFieldName('type')?.text ?? '')) out.add(name);
  }
  return out;
}

/** The view the handle parameter is of, read from the storing function's own bookkeeping (see the file's comment). */
function attachedView(param: SyntaxNode, handle: HandleFact, s: DScope): ViewFact | null {
  const fn = enclosingFunction(param);
  const body = fn?.childForFieldName('body');
  if (!fn || !body || /Create\w*View\b/.test(body.text)) return null;
  const resources = resourceParams(fn);
  if (resources.size !== 1) return null;
  const stored: SyntaxNode[] = [];
  const kinds = new Set<'rtv' | 'dsv'>();
  for (const a of body.descendantsOfType('assignment_expression')) {
    const l = a.childForFieldName('left');
    const v = a.childForFieldName('right');
    if (a.child(1)?.type !== '=' || !l || !v) continue;
    const value = norm(unwrapValue(v).text);
    if (resources.has(value) && !s.locals.has(norm(l.text))) stored.push(l);
    const kind = KIND_OF[value];
    if (kind) kinds.add(kind);
  }
  if (stored.length !== 1 || kinds.size !== 1) return null;
  const resource = resourceOf(stored[0], s);
  if (!resource?.key) return null;
  const view = [...kinds][0];
  return {
    view, heap: handle.heap, index: handle.index, resource, subresource: 0, covers: 'all', range: rangeOf(param),
    ...(view === 'dsv' ? { readOnlyDepth: false } : {}),
  };
}
