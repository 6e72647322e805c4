import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

// The command line of the benchmark and proof scripts (bench:rush, bench:reports, bench:read, durability):
// strict options, no positionals, -h/--help prints the usage, whole numbers checked against their range.

/**
 * The options given, or undefined after printing `usage` for -h/--help. Throws on an unknown or malformed
 * option (the caller prints the message and the usage, and exits 2).
 */
export function commandLine<const O extends ParseArgsOptionsConfig>(usage: string, options: O) {
  const help = { help: { type: 'boolean', short: 'h', default: false } } as const;
  const { values } = parseArgs({ options: { ...options, ...help }, strict: true, allowPositionals: false });
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    return undefined;
  }
  return values;
}

/** `--name`'s whole number from min to max, or the fallback when it is absent. */
export function wholeOption(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  }
  return number;
}

/**
 * The options `parse` reads, or the exit code to end with: 0 after -h/--help, 2 after printing a bad option's
 * message and the usage.
 */
export function readOptions<O>(usage: string, parse: () => O | undefined): O | number {
  try {
    return parse() ?? 0;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
}
