// Whether a call may Reset a command list the caller closed (recording-after-close). A list held in a local or a
// parameter of the caller is reached only through what the call is handed: a call handed nothing that could be the
// list or hold it (`wait_queue_idle(device, queue)`) cannot reset it. A helper of the file that is handed the list
// may reset it only where its body, a few calls deep, resets it or hands it on to a call the file does not define
// (`exec_command_list(queue, list)` only executes it). Members, globals and calls on objects reach anything: they may.
import { declaresName, type FileFacts, type FunctionFacts, type Stmt, type UserCallEvent } from '../../extract/facts';
import { keyRoot } from '../../extract/descriptor-values';
import { API_RESULT } from '../../track/havoc-call';
import { calleeOf, classOf, keyInCallee } from './list-first-use';

const MAX_DEPTH = 3;

/**
 * An argument that may be the list or reach it: a list, an object holding one, or a value whose declared type is not
 * plain (extract/plain-types.ts) — not an upper-case constant the file does not declare (`INFINITE`,
 * `EVENT_ALL_ACCESS`: a macro of a header), nor the HRESULT of a D3D12 call (`m_queue->Signal(…)`). Whether its name looks like a list's (`ctx`, `cmd`) says nothing.
 */
function mayBeList(a: UserCallEvent['args'][number]): boolean {
  return !!a.list || !!a.holdsList || (!a.plain && !MACRO_CONSTANT.test(a.field.text) && !API_RESULT.test(a.field.text));
}
const MACRO_CONSTANT = /^[A-Z][A-Z0-9_]*$/;

/** Whether `text` names `name` itself (not a member `x.name` / `x->name`), as a whole word. */
function mentions(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1] ?? '', after = text[at + name.length] ?? '';
    if (!/[\w.>]/.test(before) && !/\w/.test(after)) return true;
  }
  return false;
}

/** Whether `e` may reset the list `key` of `fn` (a call that is not on a command list nor an error check). */
export function mayResetList(e: UserCallEvent, key: string, facts: FileFacts, fn: FunctionFacts, isCheck: (e: UserCallEvent) => boolean, depth = 0): boolean {
  const root = keyRoot(key);
  if (!declaresName(fn, root)) return !cannotReachMember(e, key, facts, fn, isCheck, depth);
  // On an object (`obj->Flush()`) or, in a method or lambda, a call that may be a method of the caller's class (a
  // local list may alias a member): may reach the list's owner.
  if (e.receiverOp || e.list || ((fn.qualifiedName.includes('::') || fn.lambda) && e.ownClass)) return true;
  let handed = false;
  for (const a of e.args) {
    if (a.resource.key === key) { handed = true; continue; }
    // An argument that is a list, an object holding one, or of a type the file does not declare may be an alias of
    // the closed list (`command_list = context.list;` then `reset_command_list(context.list, …)`): the call may reach
    // it. Only a plain value (a number, a D3D12 object other than a list, a class of the file holding no list) cannot.
    if (mayBeList(a) || mentions(a.field.text, root)) return true;
  }
  if (!handed) return false;
  const callee = depth < MAX_DEPTH ? calleeOf(e, facts) : undefined;
  const inner = callee && keyInCallee(e, callee, key, fn);
  return !callee || !inner || resetsIn(callee.body, inner, facts, callee, isCheck, depth + 1);
}

/** Objects whose methods never reset a command list: the D3D12 and DXGI interfaces other than the lists. */
const NOT_A_LIST = /^(?:ID3D12(?!(?:Graphics)?CommandList)\w*|IDXGI\w*)$/;
/**
 * Methods only the fence and queue interfaces have (a wait for the GPU): on an object whose declaration the file does
 * not see (a member declared in the class's header), handed nothing list-like, they reach no command list.
 */
const FENCE_WAITS = new Set(['GetCompletedValue', 'SetEventOnCompletion', 'Signal', 'Wait']);
/** Operating-system calls a wait for the GPU makes (`WaitForSingleObject(fenceEvent, INFINITE)`): they reach no list. */
const OS_WAITS = new Set(['WaitForSingleObject', 'WaitForSingleObjectEx', 'WaitForMultipleObjects', 'WaitForMultipleObjectsEx', 'CreateEvent', 'CreateEventA', 'CreateEventW', 'CreateEventEx', 'CreateEventExA', 'CreateEventExW', 'CloseHandle', 'SetEvent', 'ResetEvent', 'Sleep']);

/**
 * A call that certainly cannot reset the member list `key` of `fn`'s object: a method of the object's own class the
 * file defines, called without an object and handed nothing list-like, whose body (a few calls deep) neither resets
 * the list nor makes a call that may (`m_list->Close(); Execute; FlushCommandQueue(); m_list->ResourceBarrier(…)`
 * with Luna's FlushCommandQueue: a fence signal and wait); a method of a D3D12 or DXGI object that is not a command
 * list (`m_fence->SetEventOnCompletion(…)`), or a fence or queue wait on an object of a type the file does not see; an
 * operating-system wait handed nothing list-like.
 */
function cannotReachMember(e: UserCallEvent, key: string, facts: FileFacts, fn: FunctionFacts, isCheck: (e: UserCallEvent) => boolean, depth: number): boolean {
  // An operating-system or fence wait takes handles, fences and numbers by its signature, whatever the caller hands
  // it (`m_event`, `m_fence` of a type the file does not see).
  if (!e.list && OS_WAITS.has(e.callee)) return true;
  if (e.receiverOp && !e.receiverClass && FENCE_WAITS.has(e.callee)) return true;
  if (e.args.some((a) => mayBeList(a) || a.resource.key === key)) return false;
  if (e.receiverOp) return e.receiverClass ? NOT_A_LIST.test(e.receiverClass) : FENCE_WAITS.has(e.callee);
  if (e.list) return false;
  if (depth >= MAX_DEPTH || !classOf(fn)) return false;
  const callee = calleeOf(e, facts, fn);
  return !!callee && classOf(callee) === classOf(fn) && !resetsIn(callee.body, key, facts, callee, isCheck, depth + 1);
}

function resetsIn(s: Stmt, key: string, facts: FileFacts, fn: FunctionFacts, isCheck: (e: UserCallEvent) => boolean, depth: number): boolean {
  switch (s.k) {
    case 'seq': return s.body.some((c) => resetsIn(c, key, facts, fn, isCheck, depth));
    case 'if': return resetsIn(s.then, key, facts, fn, isCheck, depth) || (!!s.else && resetsIn(s.else, key, facts, fn, isCheck, depth));
    case 'loop': return resetsIn(s.body, key, facts, fn, isCheck, depth);
    case 'switch': return s.cases.some((c) => resetsIn(c, key, facts, fn, isCheck, depth));
    case 'event': {
      const e = s.event;
      if (e.kind === 'reset') return !e.list?.key || e.list.key === key;
      if (e.kind !== 'user-call' || e.onCommandList || isCheck(e)) return false;
      return mayResetList(e, key, facts, fn, isCheck, depth);
    }
    default: return false;
  }
}
