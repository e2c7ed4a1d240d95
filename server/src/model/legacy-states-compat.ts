// When a legacy transition's StateBefore is acceptable for a tracked state (LB-09, LB-10): exactly equal, or the
// resource sits in COMMON and the barrier names a state COMMON implicitly promotes to.
import { promotableFromCommon } from './legacy-states';

export function legacyStateAccepts(tracked: number, before: number, bufferOrSimultaneous: boolean): boolean {
  if ((tracked >>> 0) === (before >>> 0)) return true;
  return tracked === 0 && promotableFromCommon(before, { isBufferOrSimultaneous: bufferOrSimultaneous });
}
