// Which unknown-enumerator problems are worth reporting: a D3D12_* (or D3D12XBOX_*) name that does not exist is
// a problem for barrierlint only where it becomes a barrier value — a barrier field, a creation's initial state or
// layout, a command-list type, an argument of a barrier helper defined in the file. The same name in a debug
// filter call, a `case` label of a name-printing switch or a log line hides nothing barrierlint checks, and the
// compiler, not barrierlint, is the judge of whether it exists.
import type { BarrierFact, ExtractProblem, Field, FunctionFacts } from './facts';
import { isXboxIdentifier } from '../model/enums';
import type { Range } from '../types';
import { forEachEvent } from './events';
import { rangeWithin } from '../parse/positions';



/** The source ranges whose values end up in barrier facts. */
function barrierValueRanges(functions: readonly FunctionFacts[], barriers: readonly BarrierFact[]): Range[] {
  const out: Range[] = [];
  const field = (f: Field | undefined) => f && out.push(f.range);
  const barrier = (b: BarrierFact) => {
    Object.values(b.fields).forEach(field);
    field(b.declaredType);
  };
  barriers.forEach(barrier);
  const helpers = new Set(functions.filter((f) => f.relevant && !f.lambda).map((f) => f.name));
  for (const fn of functions) {
    forEachEvent(fn.body, (e) => {
      switch (e.kind) {
        case 'barrier-call':
          field(e.count);
          e.groups?.forEach((g) => {
            field(g.numBarriers);
            field(g.declaredType);
            g.barriers?.forEach(barrier);
          });
          break;
        case 'resource-barrier-call':
          field(e.count);
          e.barriers?.forEach(barrier);
          break;
        case 'resource-creation':
          field(e.creation.initialState);
          field(e.creation.initialLayout);
          break;
        case 'command-list-creation':
          out.push(e.range);
          break;
        case 'user-call':
          if (helpers.has(e.callee)) e.args.forEach((a) => field(a.field));
          break;
        default:
      }
    });
  }
  return out;
}

/**
 * Unknown-enumerator problems outside every barrier value are dropped. Kept as they are: other problems, names in
 * a `#define` body (a constant the project defines from them), and D3D12XBOX_* names, which the folder reports only
 * in code every PC build compiles (there they do not compile whatever they are used for).
 */
export function problemsThatMatter(problems: readonly ExtractProblem[], functions: readonly FunctionFacts[], barriers: readonly BarrierFact[]): ExtractProblem[] {
  const candidate = (p: ExtractProblem) => p.kind === 'unknown-enumerator' && !p.definition && !isXboxIdentifier(p.text);
  if (!problems.some(candidate)) return [...problems];
  const ranges = barrierValueRanges(functions, barriers);
  return problems.filter((p) => !candidate(p) || ranges.some((r) => rangeWithin(p.range, r)));
}
