// `ScopedTransition t(cl, tex, A, B);`, `ScopedTransition t{cl, tex, A, B};`: a local object of a class constructed
// with arguments is a call of the class's constructor, as the temporary `ScopedTransition(cl, tex, A, B)` and
// `auto t = ScopedTransition(…)` are. The tracker follows it when the run defines the constructor and otherwise
// forgets what it is handed (an unresolved call). The object's destructor runs at the end of its block (and at a
// return inside it): an RAII transition back (UE's FScopedResourceBarrier, TracerBoy's ScopedResourceBarrier) is
// there, so what the constructor was handed is unknown after it — unless the class's body is in the file and
// declares no destructor.
import type { SyntaxNode } from './node';
import type { UserCallEvent } from './facts';
import type { FnCtx, FileCtx, Lifetime } from './context';
import type { DeclaredType } from './declarators';
import { declaredRecord } from './records';
import { argumentNodes, rangeOf, unwrapValue } from './syntax';
import { isCommandListObject, isResourceLike } from './types';
import { resourceRef } from './resources';
import { classBodyTexts, INIT_LIST_PARAMS, outOfClassDefinitions } from './class-texts';
import { escapeRegExp } from '../regexp-literal';

const lifetimes = new WeakMap<FileCtx, Map<string, Lifetime>>();


/**
 * What the file says of each class's constructors and destructor, by class name, worked out from the file's text
 * when first asked (FileCtx.lifetimes). A table read by key: the function cache (function-cache.ts) records which
 * classes a function asked about and what the file said, and asks the next extraction's table the same questions.
 * NOTE: read through the file's text instead, every function constructing a local object with arguments
 * (`ScopedBarrier b(cl, tex, …)`, `Vector3 v(x, y, z)`) could not be kept, and was walked again at every keystroke
 * typed on in one of its callers (xenia's 2,361-line GetOrCreateTransferPipelines: most of such a keystroke).
 */
export class Lifetimes extends Map<string, Lifetime> {
  /** `file` with its text and class bodies read (extract.ts makes the table once `classBodies` is set). */
  constructor(private readonly file: FileCtx) {
    super();
  }

  override get(cls: string): Lifetime {
    let l = super.get(cls);
    if (!l) super.set(cls, (l = lifetimeIn(cls, this.file)));
    return l;
  }
}

/** What the file says of class `cls`'s constructors and destructor. */
function lifetimeOf(cls: string, file: FileCtx): Lifetime {
  if (file.lifetimes) return file.lifetimes.get(cls);
  let byClass = lifetimes.get(file);
  if (!byClass) lifetimes.set(file, (byClass = new Map()));
  let l = byClass.get(cls);
  if (!l) byClass.set(cls, (l = lifetimeIn(cls, file)));
  return l;
}

function lifetimeIn(cls: string, file: FileCtx): Lifetime {
  const name = escapeRegExp(cls);
  const seen = !!file.classBodies?.has(cls);
  // A class whose body another file of the run (its header) holds: what that file said of it (exportedLifetimes).
  const imported = seen ? undefined : file.importedClasses?.get(cls);
  if (imported !== undefined) return importedLifetime(imported);
  // `Cls::Cls(`, `Cls::~Cls(` and `Cls::Cls(a, b) : m_a(a)` out of the class (class-texts.ts).
  const outOfClass = outOfClassDefinitions(cls, file);
  // NOTE: the body is read as text (`Cls(` not after `~`, `.`, `>` or `::`): a class of the file is rarely named
  // elsewhere in its own body with an opening parenthesis after it.
  const bodies = seen ? classBodyTexts(cls, file) : [];
  // NOTE (issue 12): only the bodies that name the class can match an expression naming it (made only for those:
  // three expressions per class of the file were most of a cold extraction's time here).
  const naming = bodies.filter((b) => b.includes(cls));
  const inBody = (source: string): boolean => {
    if (naming.length === 0) return false;
    const re = new RegExp(source);
    return naming.some((b) => re.test(b));
  };
  const ctor = outOfClass.ctor || inBody(`(?<![\\w~.>:])${name}\\s*\\(`);
  const dtor = outOfClass.dtor || inBody(`~\\s*${name}\\s*\\(`);
  // `Cls(a, b) : m_a(a)`: the parameter list (one level of nested parentheses) followed by a member-initializer list.
  const initList = outOfClass.initList || inBody(`(?<![\\w~.>:])${name}${INIT_LIST_PARAMS}`);
  return { seen, ctor, dtor, initList, members: bodies.some(declaresData) };
}

/** The words of a class's lifetime as exported: its flags that hold (`ctor members`). */
const FLAGS = ['ctor', 'dtor', 'initList', 'members'] as const;

/** A lifetime another file exported (exportedLifetimes), read back: the class's body is seen, in that file. */
function importedLifetime(text: string): Lifetime {
  const words = new Set(text.split(' '));
  return { seen: true, ctor: words.has('ctor'), dtor: words.has('dtor'), initList: words.has('initList'), members: words.has('members') };
}

/**
 * What the file says of the constructors and destructor of each class it gives a body that holds D3D12 objects and
 * declares a constructor (`class GpuBuffer { GpuBuffer(dev, heap, n, state) { …Create…(&res) } ID3D12Resource* res; }`),
 * as text by class name (the flags that hold), for the files of the run that construct its objects. A name the file
 * gives two bodies is left out.
 */
export function exportedLifetimes(file: FileCtx): [string, string][] {
  const out: [string, string][] = [];
  for (const cls of [...file.classBodies ?? []].sort()) {
    const bodies = classBodyTexts(cls, file);
    // The API's own helper classes (a vendored d3dx12.h's `CD3DX12_RESOURCE_DESC`) are never constructed as objects (classNamed).
    if (/^(?:CD3DX12|D3DX12|D3D12|DXGI|D3D_)/.test(cls) || bodies.length !== 1 || !HOLDS_D3D12.test(bodies[0])) continue;
    const life = lifetimeIn(cls, file);
    if (life.seen && life.ctor) out.push([cls, FLAGS.filter((f) => life[f]).join(' ')]);
  }
  return out;
}

const HOLDS_D3D12 = /\bID3D12\w*/;

/**
 * A class body (its text) declaring a data member: at its own level (nested braces left out), a declaration with no
 * parenthesis (`ID3D12Resource* m_res;`, `UINT m_n = 0;`) that is no alias, friend or static.
 */
const OPEN = 0x7b;
const CLOSE = 0x7d;

function declaresData(body: string): boolean {
  // The text at depth 0 with a `;` for every `}`. NOTE (issue 12): copied a run at a time (`from`: where the run at
  // depth 0 began), not a character at a time.
  let depth = 0;
  let own = '';
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c !== OPEN && c !== CLOSE) continue;
    if (depth === 0) own += body.slice(from, i);
    if (c === OPEN) depth++;
    else {
      depth--;
      own += ';';
    }
    if (depth === 0) from = i + 1;
  }
  if (depth === 0) own += body.slice(from);
  return own.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '').replace(/\b(?:public|private|protected)\s*:/g, '').split(';')
    .map((d) => d.trim()).some((d) => d && !d.includes('(') && !/^(?:using|typedef|friend|static|enum|struct|class|template)\b/.test(d));
}

/** The class a declaration's type names (`ScopedTransition`, `ns::ScopedTransition`), when it can be one. */
function classNamed(typeNode: SyntaxNode | null, type: DeclaredType, file: FileCtx): string | undefined {
  if (!typeNode || type.kind || type.container || type.resource || type.scalar || type.helper) return undefined;
  // `Structured<Light> lights(dev, UPLOAD, n, GENERIC_READ)`: a class template only when the file shows its body and a
  // constructor (`ComPtr<ID3D12Resource> r(raw)` of a library is no construction worth a call).
  if (typeNode.type === 'template_type') return shownTemplate(typeNode.text.replace(/<[^]*$/, ''), file);
  if (typeNode.type !== 'type_identifier' && typeNode.type !== 'qualified_identifier') return undefined;
  if (typeNode.descendantsOfType('template_argument_list').length) return undefined;
  const text = typeNode.text.replace(/\s+/g, '');
  // The API's own value types (`CD3DX12_DESCRIPTOR_RANGE r(type, 1, 0)`, `CD3DX12_CPU_DESCRIPTOR_HANDLE h(base, i, size)`)
  // and the standard library's record no barrier.
  if (API_OR_STD.test(text)) return undefined;
  return text.split('::').pop() || undefined;
}

const API_OR_STD = /^(?:::)?(?:std::|CD3DX12_|D3D12_|DXGI_|D3D_|D3DX12)/;

/** The class a template's name (`Structured`, `gfx::Structured`) names, when the file shows its body and a constructor. */
function shownTemplate(name: string | undefined, file: FileCtx): string | undefined {
  const text = name?.replace(/\s+/g, '');
  if (!text || API_OR_STD.test(text)) return undefined;
  const cls = text.split('::').pop();
  const life = cls ? lifetimeOf(cls, file) : undefined;
  return life?.seen && life.ctor ? cls : undefined;
}

/**
 * A class the file does not show is taken as a constructor worth calling only when it is handed a command list or
 * something that reads as a resource (declared as one, or so named): `Vector3 v(x, y, z)` calls nothing of interest,
 * and an unknown call forgets what it is handed (even a plain parameter a later test reads).
 */
function handsObjects(args: SyntaxNode[], fn: FnCtx): boolean {
  return args.some((a) => isResourceLike(a, fn) || isCommandListObject(unwrapValue(a), fn) === 'yes' || /Resource|Texture|Buffer|Target|Surface/.test(a.text));
}

/**
 * A declarator that constructs an object of a class with arguments: `T t(a, b)` (`args` given for the most vexing
 * parse, where they are parameter declarations), `T t(a.Get(), b)`, `T t{a, b}`. Records the constructor call and
 * keeps the object's destructor for the end of its block. False when the declarator is no such construction.
 */
export function constructObject(d: SyntaxNode, typeNode: SyntaxNode | null, type: DeclaredType, fn: FnCtx, args?: SyntaxNode[]): boolean {
  const cls = classNamed(typeNode, type, fn.file);
  if (!cls || declaredRecord(typeNode, fn)) return false;
  const value = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
  const given = args ?? (value?.type === 'argument_list' || value?.type === 'initializer_list' ? argumentNodes(value) : undefined);
  if (!given?.length) return false;
  const life = lifetimeOf(cls, fn.file);
  // A class of the file without a constructor: `Ctx c{cl, tex}` fills an aggregate, it calls nothing.
  if (life.seen && !life.ctor) return false;
  if (!life.seen && !handsObjects(given, fn)) return false;
  const name = d.type === 'init_declarator' || d.type === 'function_declarator' ? d.childForFieldName('declarator') : d;
  if (name?.type !== 'identifier') return false;
  const ctor = fn.evaluator.construct(d, typeNode!, cls, given, fn);
  fn.types.set(name.text, typeNode!.text);
  fn.bind(name.text, { t: 'unknown', text: name.text, range: rangeOf(d) });
  if (!ctor) return true;
  const rest: UserCallEvent = { ...ctor };
  delete rest.receiverClass;
  delete rest.receiverBases;
  // The constructor runs on the object it constructs: its members are the object's (`Buffer b(dev, UPLOAD, …)` whose
  // constructor creates `res` makes `b.res`), as for `b.Create(dev, UPLOAD, …)`. The kept/destructor events below
  // stay receiver-less, as before.
  if (!ctor.list) {
    ctor.list = resourceRef(name, fn.file, fn);
    ctor.receiverOp = '.';
  }
  // NOTE: an object that may keep what it is handed (data members, members initialised from it, a destructor, a
  // class the file does not show) acts on it through its members, which the tracker does not tie to the arguments: what it
  // was handed is unknown from the constructor on, even when the constructor itself is followed.
  if (!life.seen || life.dtor || life.initList || life.members) fn.events.push({ ...rest, callee: `${cls}::(kept)` });
  if (d.parent?.parent?.type === 'compound_statement' && (life.dtor || !life.seen)) fn.liveObjects.push({ ...rest, callee: `~${cls}` });
  return true;
}

/** The destructor calls of the objects the block declared since `mark` (last constructed first), at `at`; they end. */
export function endObjects(fn: FnCtx, mark: number, at: SyntaxNode): UserCallEvent[] {
  const ended = fn.liveObjects.splice(mark).reverse();
  return ended.map((e) => ({ ...e, range: rangeOf(at) }));
}

/** The destructor calls a `return` at `at` makes: every object alive there, last constructed first. */
export function returnEndsObjects(fn: FnCtx, at: SyntaxNode): UserCallEvent[] {
  return [...fn.liveObjects].reverse().map((e) => ({ ...e, range: rangeOf(at) }));
}

const OWNING_FACTORY = /^(?:(?:::)?(?:std|eastl)::)?make_(?:unique|shared)$/;

/**
 * `tex = std::make_unique<Texture>(dev, desc, DEPTH_WRITE)`, `auto t = std::make_shared<Texture>(…)`, `t = new
 * Texture(…)`: the constructor of a class whose body and constructor the file holds runs on the object `target`
 * points at, so the members it creates are `target->member` (as `target->Init(…)` would make them). A template
 * class, a class the file does not show, or anything else is left to the caller (an unknown call, as before).
 * True when the construction was recorded; the caller then evaluates nothing of `value` again.
 */
export function constructOwned(target: SyntaxNode, value: SyntaxNode, fn: FnCtx): boolean {
  const v = unwrapValue(value);
  let typeNode: SyntaxNode | null = null;
  let list: SyntaxNode | null = null;
  if (v.type === 'new_expression') {
    if (v.childForFieldName('declarator')) return false;
    typeNode = v.childForFieldName('type');
    list = v.childForFieldName('arguments');
  } else if (v.type === 'call_expression') {
    const f = v.childForFieldName('function');
    const tf = f?.type === 'qualified_identifier' ? f.childForFieldName('name') : f;
    if (tf?.type !== 'template_function' || !OWNING_FACTORY.test(f!.text.replace(/\s+/g, '').replace(/<.*$/, ''))) return false;
    // The template's argument list is mirrored as text (node.ts): `<Texture>`, `<gfx::Texture>`, one plain class name.
    typeNode = tf.childForFieldName('arguments');
    list = v.childForFieldName('arguments');
  }
  if (!typeNode || !list) return false;
  // `<Texture>`, `<gfx::Texture>`; a class template's `<Structured<Light>>` and `new Structured<Light>(…)` by its name
  // (the file must show its body and constructor, checked below for every class).
  const typeText = typeNode.type === 'template_argument_list' ? /^<\s*((?:::)?\w+(?:\s*::\s*\w+)*)\s*(?:<[^<>]*>\s*)?>$/.exec(typeNode.text)?.[1]
    : typeNode.type === 'type_identifier' || typeNode.type === 'qualified_identifier' ? typeNode.text
    : typeNode.type === 'template_type' ? typeNode.text.replace(/<[^]*$/, '') : undefined;
  if (!typeText || (typeNode.type !== 'template_type' && typeNode.descendantsOfType('template_argument_list').length)) return false;
  const cls = typeText.replace(/\s+/g, '').split('::').pop();
  if (!cls || API_OR_STD.test(typeText.replace(/\s+/g, ''))) return false;
  const given = argumentNodes(list);
  const life = lifetimeOf(cls, fn.file);
  if (!given.length || !life.seen || !life.ctor) return false;
  const ctor = fn.evaluator.construct(v, typeNode, cls, given, fn);
  if (!ctor) return false;
  const rest: UserCallEvent = { ...ctor };
  delete rest.receiverClass;
  delete rest.receiverBases;
  if (!ctor.list) {
    ctor.list = resourceRef(target, fn.file, fn);
    ctor.receiverOp = '->';
  }
  // As for a local object (constructObject): what an object that keeps members was handed is unknown afterwards.
  if (life.dtor || life.initList || life.members) fn.events.push({ ...rest, callee: `${cls}::(kept)` });
  return true;
}
