/** The source of "now". Injected so tests can move time (verification status depends on the date). */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** `YYYY-MM-DD` of a date in UTC. */
export function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
