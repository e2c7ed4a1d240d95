// Command-list types: from CreateCommandList/CreateCommandList1 calls in the file (list identity → type), then
// the configuration's `commandLists` names. Unknown lists stay unknown (queue rules then do not fire).
import type { FileFacts } from '../extract/facts';
import { forEachEvent } from './events';
import type { BarrierlintConfig, CommandListType } from '../types';

export function listTypes(facts: FileFacts, config: BarrierlintConfig): Map<string, CommandListType> {
  const types = new Map<string, CommandListType>();
  for (const [name, type] of Object.entries(config.commandLists)) types.set(name, type);
  for (const fn of facts.functions) {
    forEachEvent(fn.body, (e) => {
      if (e.kind === 'command-list-creation' && e.list?.key && e.listType && !config.commandLists[e.list.key]) {
        types.set(e.list.key, e.listType);
      }
    });
  }
  return types;
}
