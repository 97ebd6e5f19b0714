import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CourseRecord } from '../../src/catalog/course.schema';
import { TestClock } from './clock';

/** The day every course of the verified fixture was checked, and a clock a few days later. */
export const VERIFIED_ON = '2026-11-02';
export const verifiedClock = () => new TestClock(new Date('2026-11-20T12:00:00Z'));

/**
 * Rewrites the courses of a data directory (a `copyOfData()`) as real, verified courses: no
 * placeholder, each with a last-verified date and an official source checked that day, as the
 * data rules ask (no date before its newest source, none after the clock's today).
 */
export function makeVerified(dir: string): void {
  const file = join(dir, 'courses.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as { courses: CourseRecord[] };
  for (const course of data.courses) {
    course.placeholder_data = false;
    course.verification = {
      last_verified_on: VERIFIED_ON,
      sources: [
        {
          field: 'price',
          source_type: 'official',
          label: `${course.provider.name} pricing page`,
          url: course.url ?? course.provider.url,
          verified_on: VERIFIED_ON,
        },
      ],
    };
  }
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
