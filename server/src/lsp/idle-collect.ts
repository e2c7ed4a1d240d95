// Gives memory back once a thread of the language server is idle. An analysis of a large file leaves most of what it
// allocated as garbage in the old generation, and V8, with the analysis heap cap of 2 GB to grow into, collects it
// late: typing into a 40,000-line file grew the analysis worker's heap by ~4 MB a keystroke, to 3x what it kept
// alive (and the syntax trees of old re-parses, native memory V8 does not see, are freed only by a collection).
// A full collection is run after a quiet spell, and only when the heap grew by `minGrowthMb` since the last one.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

function collector(): () => void {
  if (!collect) {
    // NOTE: the one way to start a full collection without a command-line flag: expose `gc` to a new context.
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  return collect;
}

export class IdleCollector {
  private timer: NodeJS.Timeout | undefined;
  private live = getHeapStatistics().used_heap_size;

  /** NOTE: `quietMs` is a pause in typing (keystrokes come every 100–300 ms), shorter than the re-check's 1.5 s. */
  constructor(private readonly quietMs = 1000, private readonly minGrowthMb = 32) {}

  /** Something ran: collect once nothing else has for `quietMs`. */
  touched(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.collectIfGrown(), this.quietMs);
    this.timer.unref();
  }

  private collectIfGrown(): void {
    this.timer = undefined;
    if (getHeapStatistics().used_heap_size - this.live < this.minGrowthMb * 1024 * 1024) return;
    collector()();
    this.live = getHeapStatistics().used_heap_size;
  }
}
