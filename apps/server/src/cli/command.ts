export interface Command {
  /** e.g. `serve` or `query eval --mbox FILE ...`, shown in the usage text. */
  usage: string;
  summary: string;
  /** Returns the exit code; long-running commands resolve when they finish. */
  run(args: string[]): Promise<number>;
}
