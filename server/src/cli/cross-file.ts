// Cross-file helper functions: after every file was analysed on its own, the helpers each file defines (functions
// that record barriers) form a WorkspaceIndex; a file that called a name it could not resolve, and that another
// file defines, is analysed again with the index, so `Transition(cl, res, before, after)` defined in
// barriers.cpp is evaluated at its call sites in frame.cpp. Runs in process, in target order (deterministic).
// With --shard, `context` holds the other shards' files (analysed only when needed) so the index is complete.
import { analyze } from '../analyze';
import { WorkspaceIndex } from '../track/workspace';
import type { FileOutcome } from './outcome';
import { forReport } from './pool';
import { readSource } from './read-source';

export function crossFilePass(outcomes: FileOutcome[], context: readonly FileOutcome[], keepSites: boolean): number {
  const index = new WorkspaceIndex();
  for (const o of [...outcomes, ...context]) {
    if (o.result?.helpers?.length) index.set(o.uri, { functions: o.result.helpers });
  }
  if (index.size < 2) return 0;
  let reanalysed = 0;
  for (const o of outcomes) {
    const names = o.result?.unresolvedCalls ?? [];
    if (!o.result || o.failure || !names.some((n) => index.defines(n, o.uri))) continue;
    const source = readSource(o.target.abs);
    if (!source.ok) continue;
    try {
      o.result = forReport(analyze(source.text, o.uri, { config: o.config.config, workspace: index }), keepSites);
      reanalysed++;
    } catch (error) {
      o.failure = `internal error during cross-file analysis: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return reanalysed;
}
