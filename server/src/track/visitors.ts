// Hooks the tracker calls on rules, with the tracked state a barrier or command meets. Filled in by track/.
export interface TrackedVisitors {
  placeholder?: never;
}
