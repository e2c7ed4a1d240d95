// Which pending split barriers cannot span an ExecuteCommandLists boundary (EB § Split Barriers; Barrier API Call
// Validation): enhanced splits on buffers and on textures moving to the COMMON layout. Left pending at Close()
// they are #1329 UNUSED_CROSS_EXECUTE_SPLIT_BARRIER (split-barrier-cross-execute), not #535.
import type { PendingSplit } from '../../track/state';

export function crossExecuteSplit(p: PendingSplit): 'buffer' | 'common-layout' | null {
  if (p.legacy) return null;
  if (p.barrier.kind === 'buffer') return 'buffer';
  if (p.barrier.kind === 'texture' && p.barrier.fields.LayoutAfter?.value === 0) return 'common-layout';
  return null;
}
