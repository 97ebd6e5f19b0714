import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CourseRecord } from '../../src/catalog/course.schema';
import { FACTS } from '../../src/catalog/facts';
import { TestClock } from './clock';

/** The day every course of the verified fixture was checked, and a clock a few days later. */
export const VERIFIED_ON = '2026-11-02';
export const verifiedClock = () => new TestClock(new Date('2026-11-20T12:00:00Z'));

/**
 * Rewrites the courses of a data directory (a `copyOfData()`) as real, verified courses, but those
 * named `placeholders`: each fact checked on an official page that day, and that day as its
 * last-verified date, as the data rules ask (docs/data.md#the-facts; none after the clock's today).
 */
/** A course record with every fact checked on its provider's page on `day`, and so verified that day. */
export function checkedOn(course: CourseRecord, day: string): void {
  course.verification = {
    last_verified_on: day,
    sources: FACTS.map((fact) => ({
      field: fact,
      source_type: 'official' as const,
      label: `${course.provider.name} course page`,
      url: course.url ?? course.provider.url,
      verified_on: day,
    })),
  };
}

export function makeVerified(dir: string, placeholders: readonly string[] = []): void {
  const file = join(dir, 'courses.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as { courses: CourseRecord[] };
  for (const course of data.courses) {
    // Left as shipped: a placeholder among real courses.
    if (placeholders.includes(course.slug)) continue;
    course.placeholder_data = false;
    checkedOn(course, VERIFIED_ON);
  }
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

/** How a present-tense verification claim reads on the service's surfaces. */
const CLAIMS = [
  /hand[- ]verified/i,
  /\b(?:with|its|their) verified facts\b/i,
  /\bfacts are accurate as of each\b/i,
  /\bevery fact is accurate\b/i,
  /\bour editors['’] (?:award|choice)\b/i,
];

/** The verification claims a text makes, each with a little of what surrounds it. */
export const claimsIn = (text: string) =>
  CLAIMS.flatMap((claim) => {
    const found = claim.exec(text);
    return found ? [text.slice(Math.max(0, found.index - 40), found.index + 60)] : [];
  });
