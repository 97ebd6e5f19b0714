import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Clock } from '../../src/core/clock';

/** A clock the test sets; `fail` makes it throw, as a bug deep in a request would. */
export class TestClock extends Clock {
  fail = false;

  constructor(public current: Date) {
    super();
  }

  now(): Date {
    if (this.fail) throw new Error('clock exploded at /secret/path/module.ts');
    return this.current;
  }
}

/**
 * The day of the shipped history's newest entry. A service refuses a history with entries dated
 * after its today, so a suite serving the shipped data sets its clock on or after this day, read
 * from the file rather than written down: every entry the editors record moves it.
 */
export const SHIPPED_HISTORY_DAY = readFileSync(
  join(__dirname, '..', '..', 'data', 'history.jsonl'),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { date: string }).date)
  .sort()
  .at(-1)!;

/** `YYYY-MM-DD` plus `days`. */
export function plusDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A moment of the shipped history's newest day (`HH:MM:SS(.sss)`, UTC), or of a day after it. */
export const onShippedDay = (time: string, daysAfter = 0) =>
  new Date(`${plusDays(SHIPPED_HISTORY_DAY, daysAfter)}T${time}Z`);
