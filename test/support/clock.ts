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
