// A progress bar on stderr for interactive runs: files done / total and the current file, shown only once a
// run has taken over a second, only on a terminal, and erased when the run ends.
import type { WriteStream } from 'node:tty';

const DELAY_MS = 1000;
const FRAME_MS = 80;

export class Progress {
  private done = 0;
  private readonly started: number;
  private lastFrame = 0;
  private shown = false;

  constructor(
    private readonly stream: Pick<WriteStream, 'write' | 'columns'>,
    private readonly total: number,
    private readonly enabled: boolean,
    private readonly clock: () => number = Date.now,
  ) {
    this.started = clock();
  }

  /** One more file finished; `current` is the file being worked on now (for display). */
  tick(current: string): void {
    this.done++;
    this.render(current);
  }

  render(current: string): void {
    if (!this.enabled) return;
    const now = this.clock();
    if (now - this.started < DELAY_MS || now - this.lastFrame < FRAME_MS) return;
    this.lastFrame = now;
    this.shown = true;
    const width = Math.max(20, (this.stream.columns ?? 80) - 1);
    const counter = `${this.done}/${this.total}`;
    const barWidth = Math.min(30, Math.max(10, width - counter.length - 20));
    const filled = this.total === 0 ? barWidth : Math.round((barWidth * this.done) / this.total);
    const bar = `[${'='.repeat(filled)}${' '.repeat(barWidth - filled)}]`;
    const line = `${bar} ${counter} ${current}`;
    this.stream.write(`\r\u001b[K${line.length > width ? `${line.slice(0, width - 1)}…` : line}`);
  }

  /** Erases the bar (if it was ever drawn) so the report starts on a clean line. */
  finish(): void {
    if (this.shown) this.stream.write('\r\u001b[K');
  }
}
