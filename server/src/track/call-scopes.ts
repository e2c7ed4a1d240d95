// Which functions a call can name by C++ name lookup, beyond its bare name. Used where calls are resolved
// (helper-frames.ts) and where a function is judged quiet by what its calls may reach (quiet.ts), so both rule out
// the same functions. It only rules out, never chooses, and only where it is sure:
// - a qualified call (`ImGui::Text(…)`, `Renderer::Transition(…)`) names a function of that scope, of a base the run
//   declares of it, or a free function, as the resolver already required;
// - an unqualified call in a function of a namespace (`Text(…)` inside `void ImGui::ShowMetricsWindow()`, the file
//   opening `namespace ImGui`) never names a method of a class (`Frame::Text` of the application, which records
//   barriers) other than one of the caller's enclosing scopes. A namespace has no base and no override, and
//   argument-dependent lookup finds free functions only (a friend defined in a class body is not taken as a method).
// In a method, an unqualified call (or `this->F()`) may name any method of a base, and a base may be declared in a
// file the run does not hold, or be a template parameter (`template <class B> struct Mixin : B`): such a call keeps
// every candidate (helper-frames.ts still rules out a sibling class's method). Where the file does not say whether a
// scope is a namespace or a class (extract/scope-kinds.ts), nothing is ruled out either. By the bare name, imgui's
// widgets were interpreted up to the work budget (docs/real-world.md, session 27).
import type { FunctionFacts, UserCallEvent } from '../extract/facts';
import { classPart } from './key-names';

type BasesOf = ((cls: string) => readonly string[]) | undefined;

/** Whether `e`, made in `caller`, can name `fn` (candidates by bare name only: this rules out, it never chooses). */
export function mayName(e: Pick<UserCallEvent, 'qualifier' | 'ownClass' | 'receiverClass'>, caller: FunctionFacts | null, fn: FunctionFacts, basesOf: BasesOf): boolean {
  const owner = classPart(fn.qualifiedName);
  if (owner === undefined) return true;
  if (e.qualifier) return owner === e.qualifier || (basesOf?.(e.qualifier) ?? []).includes(owner);
  if (!e.ownClass || e.receiverClass || !caller) return true;
  if (caller.scopeKind !== 'namespace' || fn.scopeKind !== 'class') return true;
  return caller.qualifiedName.split('::').slice(0, -1).includes(owner);
}
