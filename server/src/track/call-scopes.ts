// Which functions a call can name by C++ name lookup, beyond its bare name: a qualified call (`ImGui::Text(…)`) names a
// function of that scope (or of a base of that class, or a free function), and an unqualified call in a function of a
// scope (`Text(…)` inside `void ImGui::ShowMetricsWindow()`) names that scope's functions, its enclosing scopes', its
// class's bases', a class deriving from it (a virtual override) or a free function: never a method of an unrelated
// class (`Frame::Text` of the application, which records barriers). Used where calls are resolved (helper-frames.ts)
// and where a function is judged quiet by what its calls may reach (quiet.ts): by the bare name, imgui's widgets
// were interpreted up to the work budget (docs/real-world.md, session 26).
// NOTE: a function of a namespace defined inside its `namespace` block has no scope in its qualified name, so it is
// always reachable; a method of a base the run does not declare is not (then the call is unknown).
import type { FunctionFacts, UserCallEvent } from '../extract/facts';
import { classPart } from './key-names';

type BasesOf = ((cls: string) => readonly string[]) | undefined;

/** Whether `e`, made in `caller`, can name `fn` (candidates by bare name only: this rules out, it never chooses). */
export function mayName(e: Pick<UserCallEvent, 'qualifier' | 'ownClass' | 'receiverClass'>, caller: FunctionFacts | null, fn: FunctionFacts, basesOf: BasesOf): boolean {
  const owner = classPart(fn.qualifiedName);
  if (owner === undefined) return true;
  if (e.qualifier) return owner === e.qualifier || (basesOf?.(e.qualifier) ?? []).includes(owner);
  if (!e.ownClass || e.receiverClass || !caller) return true;
  const scopes = caller.qualifiedName.split('::').slice(0, -1);
  if (scopes.length === 0 || scopes.includes(owner)) return true;
  const own = scopes[scopes.length - 1];
  return (basesOf?.(own) ?? []).includes(owner) || (basesOf?.(owner) ?? []).includes(own);
}
