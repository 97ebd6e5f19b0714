import { Logger } from '@nestjs/common';
import { dateSchema } from '../core/envelope.schema';
import { DataError } from '../catalog/dataset';

/** What the editors' commands (`npm run data:*`) share: options, "today", exit codes. */

/** A command line the command cannot read: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** A request the command refuses, or a gate that failed: printed as is, exit code 1. */
export class Refusal extends Error {}

/** `parseArgs` options the commands share; `todayFrom` and `dataDirFrom` read them. */
export const DATA_DIR_OPTION = { 'data-dir': { type: 'string' } } as const;
export const TODAY_OPTION = { today: { type: 'string' } } as const;

/** Runs `parseArgs` (or any reading of the command line), turning its errors into UsageErrors. */
export function readArgs<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `--today YYYY-MM-DD`, or today's UTC date: every date rule of the data is relative to it. */
export function todayFrom(value: string | undefined): string {
  if (value === undefined) return new Date().toISOString().slice(0, 10);
  if (!dateSchema.safeParse(value).success) {
    throw new UsageError(`--today must be a date written YYYY-MM-DD, not "${value}"`);
  }
  return value;
}

/**
 * The day of an entry of the history (`--today`, or today): never after today, UTC, since the
 * history tells what happened (docs/data.md#the-history).
 */
export function entryDay(value: string | undefined): string {
  const date = todayFrom(value);
  const today = todayFrom(undefined);
  if (date > today) {
    throw new Refusal(
      `--today ${date} is in the future (today is ${today}, UTC): record what happened`,
    );
  }
  return date;
}

/** `--data-dir`, else DATA_DIR, else ./data: the same default as the service and `data:check`. */
export function dataDirFrom(value: string | undefined): string {
  return value ?? (process.env.DATA_DIR || './data');
}

/** Adds `days` to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Runs a command on a command line: the number it resolves to is the exit code. Expected failures
 * (a usage error, invalid data, a refusal) print their message only; anything else its stack.
 */
export async function runCommand(
  usage: string,
  command: (args: string[]) => Promise<number>,
  args: string[],
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return 0;
  }
  try {
    return await command(args);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      return 2;
    }
    console.error(error instanceof DataError || error instanceof Refusal ? error.message : error);
    return 1;
  }
}

/**
 * Runs a command as this process, on its command line. What the catalog's code logs at debug level
 * (why a history change is named, not spelled out) is for the service's debug log, not an editor's
 * terminal.
 */
export function runCli(usage: string, command: (args: string[]) => Promise<number>): void {
  Logger.overrideLogger(['fatal', 'error', 'warn', 'log']);
  void runCommand(usage, command, process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
