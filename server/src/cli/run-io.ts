// Where a CLI run writes: its working directory, stdout (the report), stderr (problems, summaries), and colour.
export interface RunIo {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Color the text output (a terminal, and neither --no-color nor NO_COLOR). */
  color: boolean;
}
