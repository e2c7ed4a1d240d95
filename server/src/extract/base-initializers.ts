// A derived class's constructor that hands its arguments to its base's through the member-initializer list:
// `Staging(ID3D12Device* d, UINT64 n) : Buffer(d, D3D12_HEAP_TYPE_UPLOAD, n, D3D12_RESOURCE_STATE_GENERIC_READ) {}`.
// The base's constructor runs first, on the same object: the members it creates are the derived object's, with the
// heap type and creation state the derived constructor chose (`Staging up(dev, 256)` makes `up.res` an upload-heap
// buffer in GENERIC_READ), as a call of a base method from the constructor's body (`Create(d, UPLOAD, …)`) already did.
// The same for a constructor delegating to another of its class (`Ring(d) : Ring(d, UPLOAD, GENERIC_READ) {}`).
import type { SyntaxNode } from './node';
import type { Stmt } from './facts';
import type { FnCtx } from './context';
import { argumentNodes, treeRoot } from './syntax';
import { resourceRef } from './resources';
import { collect } from './walker';

/**
 * The base-constructor calls of constructor `def` of class `cls` (its member-initializer list, in order), as
 * statements run before the body; a delegating constructor's call of its own class counts too. A member's initializer
 * (`m_res(res)`) and a name that is no base of `cls` the file (or, for a class it does not declare, the run) declares
 * are left out; so is a base whose class neither the file nor the run shows (nothing would be evaluated).
 */
export function baseInitializerStmts(def: SyntaxNode, cls: string | undefined, fn: FnCtx): Stmt[] {
  if (!cls || def.type !== 'function_definition') return [];
  const list = def.namedChildren.find((c) => c.type === 'field_initializer_list');
  // The bases the file declares for `cls`, else those the run's other files do (a derived class declared in its header,
  // `class IndexBuffer : public Resource` in IndexBuffer.h, its constructor defined in IndexBuffer.cpp).
  const bases = fn.file.classBases?.get(cls) ?? fn.file.importedBases?.get(cls) ?? [];
  if (!list) return [];
  const out: Stmt[] = [];
  for (const init of list.namedChildren) {
    if (init.type !== 'field_initializer') continue;
    const head = init.namedChild(0);
    const args = init.namedChildren.find((c) => c.type === 'argument_list' || c.type === 'initializer_list');
    if (!head || !args) continue;
    // `Buffer(…)`, `gfx::Buffer(…)`, `Buffer<T>(…)`: the base by its simple name.
    const base = head.text.replace(/<[^]*$/, '').replace(/\s+/g, '').split('::').pop();
    // A member of a class type constructed in place (`Renderer(dev) : m_scene(dev, 128, 128, RENDER_TARGET) {}` with
    // `ColorTarget m_scene;`): its class's constructor runs on the member, so what it creates is `m_scene.m_tex`.
    const member = head.type === 'field_identifier' ? memberClass(def, cls, head.text, fn) : undefined;
    if (member) {
      const given = argumentNodes(args);
      if (given.length) {
        out.push(...collect(fn, () => {
          const ev = fn.evaluator.construct(init, head, member, given, fn);
          if (ev && !ev.list) {
            ev.list = resourceRef(head, fn.file, fn);
            ev.receiverOp = '.';
          }
        }));
      }
      continue;
    }
    // A delegating constructor (`Ring(dev) : Ring(dev, UPLOAD, GENERIC_READ) {}`) runs the other constructor of its
    // own class on the same object.
    // A constructor of a class the file does not declare (its header does): a name the file cannot tell from a member
    // is a base's constructor only if the run defines one of that name; the tracker decides (baseIfConstructor).
    if (base && base !== cls && !bases.includes(base) && !fn.file.classBodies?.has(cls) && !fn.file.classBases?.has(cls)) {
      const given = argumentNodes(args);
      if (given.length) {
        out.push(...collect(fn, () => {
          const ev = fn.evaluator.construct(init, head, base, given, fn);
          if (ev) ev.baseIfConstructor = true;
        }));
      }
      continue;
    }
    if (!base || (base !== cls && !bases.includes(base))) continue;
    const life = fn.file.lifetimes?.get(base);
    if (!life?.seen || !life.ctor) continue;
    const given = argumentNodes(args);
    if (!given.length) continue;
    out.push(...collect(fn, () => void fn.evaluator.construct(init, head, base, given, fn)));
  }
  return out;
}

/** The class a constructor constructs (`Staging::Staging` → Staging), or undefined for any other function. */
export function constructedClass(qualified: string, name: string): string | undefined {
  const parts = qualified.split('::');
  return parts.length >= 2 && parts[parts.length - 2] === name ? name : undefined;
}

const specsByRoot = new WeakMap<SyntaxNode, Map<string, SyntaxNode>>();

/**
 * The first class or struct specifier with a body of each simple name in the tree of `root`, in document order, read
 * once per tree. NOTE: looked up by each out-of-class constructor with member initializers, a search of every class
 * of the file per constructor was a fifth of the CPU of a file of 2,000 small classes (issue 12).
 */
function classBodiesByName(root: SyntaxNode): Map<string, SyntaxNode> {
  let out = specsByRoot.get(root);
  if (out) return out;
  out = new Map();
  for (const c of root.descendantsOfType(['class_specifier', 'struct_specifier'])) {
    const name = c.childForFieldName('name')?.text.split('::').pop()?.trim();
    if (name !== undefined && !out.has(name) && c.childForFieldName('body')) out.set(name, c);
  }
  specsByRoot.set(root, out);
  return out;
}

/**
 * The class of data member `member` of class `cls` (its simple name), as the class's body in the file declares it
 * (`ColorTarget m_scene;`, `gfx::ColorTarget m_scene;`), when the file or another file of the run shows that class's
 * body and a constructor; undefined otherwise (a pointer or reference member, an API or library type).
 */
function memberClass(def: SyntaxNode, cls: string, member: string, fn: FnCtx): string | undefined {
  let body: SyntaxNode | null = null;
  for (let p = def.parent; p && !body; p = p.parent) if (p.type === 'field_declaration_list') body = p;
  if (!body) body = classBodiesByName(treeRoot(def)).get(cls)?.childForFieldName('body') ?? null;
  for (const decl of body?.namedChildren ?? []) {
    if (decl.type !== 'field_declaration' || !decl.childrenForFieldName('declarator').some((d) => d.type === 'field_identifier' && d.text === member)) continue;
    const type = decl.childForFieldName('type');
    if (type?.type !== 'type_identifier' && type?.type !== 'qualified_identifier' && type?.type !== 'template_type') return undefined;
    const name = type.text.replace(/<[^]*$/, '').replace(/\s+/g, '');
    if (/^(?:::)?(?:std::|CD3DX12_|D3D12_|DXGI_|D3D_|D3DX12|Microsoft::)/.test(name)) return undefined;
    const simple = name.split('::').pop();
    const life = simple ? fn.file.lifetimes?.get(simple) : undefined;
    return life?.seen && life.ctor ? simple : undefined;
  }
  return undefined;
}
