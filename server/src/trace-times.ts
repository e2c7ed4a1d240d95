// Where a command-line run's time goes (issue 12), without an instrumented copy of the bundle: with
// BARRIERLINT_TRACE_TIMES=1 the CLI writes one stderr line per pass (first analyses, import pass, helper pass: CPU
// and wall milliseconds, files), per file the import and helper passes analysed again (milliseconds, why, and for the
// helper pass whether its findings changed), and per function the tracker interpreted (milliseconds, work, whether
// other files' helpers were known). Lines start with `barrierlint-trace`. Off by default; on or off, what the run
// reports is the same (test/cli/trace-times.test.ts). NOTE: tracing a run costs CPU of its own (the helper pass
// compares findings as JSON), so a traced run's total is not a timing to quote.
export const TRACE_TIMES_ENV = 'BARRIERLINT_TRACE_TIMES';

export function traceOn(): boolean {
  return process.env[TRACE_TIMES_ENV] === '1';
}

/** A point to measure from: wall clock and this process's CPU. */
export interface TraceStart {
  wall: bigint;
  cpu: NodeJS.CpuUsage;
}

export function traceStart(): TraceStart {
  return { wall: process.hrtime.bigint(), cpu: process.cpuUsage() };
}

/** Wall milliseconds since `t` (one decimal). */
export function wallMs(t: TraceStart): string {
  return (Number(process.hrtime.bigint() - t.wall) / 1e6).toFixed(1);
}

/** CPU (user + system) milliseconds of the process since `t` (one decimal). */
export function cpuMs(t: TraceStart): string {
  const d = process.cpuUsage(t.cpu);
  return ((d.user + d.system) / 1000).toFixed(1);
}

/** One line: `barrierlint-trace KIND field…` (fields separated by single spaces; a text field goes last). */
export function trace(kind: string, ...fields: (string | number | boolean)[]): void {
  process.stderr.write(`barrierlint-trace ${kind} ${fields.join(' ')}\n`);
}
