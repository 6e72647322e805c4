/**
 * Runs a command-line script's `main` and ends with the exit code it answers. When it throws, `failure` (what did
 * not happen) is printed, then the error (only its message with `messageOnly`, for a person rather than a
 * developer), and the code is `failureCode`. `exitAtOnce` ends the process right away (the benchmarks and the
 * durability runs leave servers and pools behind them); otherwise the process ends when nothing is left to do.
 */
export function runMain(
  main: () => Promise<number>,
  {
    failure,
    failureCode = 1,
    exitAtOnce = false,
    messageOnly = false,
  }: { failure: string; failureCode?: number; exitAtOnce?: boolean; messageOnly?: boolean },
): void {
  const end = (code: number) => {
    if (exitAtOnce) process.exit(code);
    process.exitCode = code;
  };
  main().then(end, (error: unknown) => {
    console.error(failure);
    console.error(messageOnly && error instanceof Error ? error.message : error);
    end(failureCode);
  });
}
