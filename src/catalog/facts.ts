import type { CourseRecord } from './course.schema';
import type { KeptEntry } from './history-check';

/**
 * A course's facts and when each was last checked (docs/data.md#the-facts). Its
 * `verification.last_verified_on` is the day by which every fact had been checked: the oldest of
 * the facts' latest checks, null while any fact has none. Worked out from the sources and the
 * history once per dataset, so the service never serves a date its sources do not support.
 */

/** The members a provider's page or a first-hand check can confirm, in the order pages list them. */
export const FACTS = [
  'name',
  'provider',
  'url',
  'status',
  'price',
  'levels',
  'topic_coverage',
  'ai_geo_focus',
  'formats',
  'certification',
  'community',
  'updates',
  'operating_models',
] as const;
export type Fact = (typeof FACTS)[number];

/** Each fact as pages and the history's words name it, in a sentence's middle. */
export const FACT_LABELS: Record<Fact, string> = {
  name: 'name',
  provider: 'provider',
  url: 'course page',
  status: 'enrolment status',
  price: 'price',
  levels: 'levels',
  topic_coverage: 'topic coverage',
  ai_geo_focus: 'AI/GEO focus',
  formats: 'formats',
  certification: 'certification',
  community: 'community',
  updates: 'updates',
  operating_models: 'kinds of work',
};

/**
 * The fact a source's `field` checks: the member it names, or the member a part belongs to
 * (`price.display` checks the price: a fact's parts are read off the same page). Undefined for a
 * member that is no fact (`description`).
 */
export function factOf(field: string): Fact | undefined {
  const member = field.split('.')[0];
  return (FACTS as readonly string[]).includes(member) ? (member as Fact) : undefined;
}

/** When one fact was last checked, or why it does not count as checked. */
export interface FactCheck {
  readonly fact: Fact;
  /** The day of its latest check that still holds; null when none does. */
  readonly checkedOn: string | null;
  /** The day its value changed after its latest check, with no source: that check no longer holds. */
  readonly changedOn?: string;
}

/** A check or a change of one fact, placed in the order the history tells them. */
interface Event {
  date: string;
  /** The place of its entry in the course's history; -1 for a check no entry records. */
  at: number;
  checks: boolean;
}

const later = (a: Event, b: Event) => (a.date !== b.date ? a.date > b.date : a.at > b.at);

/**
 * Each fact's latest check, from the course's sources and its history entries (in history order,
 * since its latest `added`). A source is placed at the `verified` entry that recorded it, or at the
 * start of its day when none did (a check written before the history started, or by hand): a
 * change that day comes after it. A change of the fact's value recorded with a source
 * (`data:record --source`) is a check of it; recorded without one, it voids the checks before it.
 */
export function factChecks(
  course: Pick<CourseRecord, 'verification'>,
  entries: readonly KeptEntry[],
): FactCheck[] {
  const latest = new Map<Fact, Event>();
  const lastChange = new Map<Fact, Event>();
  const note = (fact: Fact, event: Event) => {
    const into = event.checks ? latest : lastChange;
    const before = into.get(fact);
    if (!before || later(event, before)) into.set(fact, event);
  };
  for (const source of course.verification.sources) {
    const fact = factOf(source.field);
    if (!fact) continue;
    const at = entries.findIndex(
      (entry) =>
        entry.kind === 'verified' &&
        entry.date === source.verified_on &&
        (entry.sources ?? []).some(
          (s) =>
            s.field === source.field &&
            s.source_type === source.source_type &&
            s.url === source.url &&
            s.label === source.label,
        ),
    );
    note(fact, { date: source.verified_on, at, checks: true });
  }
  entries.forEach((entry, at) => {
    const checked = (entry.sources?.length ?? 0) > 0;
    for (const change of entry.changes ?? []) {
      const fact = factOf(change.field);
      if (fact) note(fact, { date: entry.date, at, checks: checked });
    }
  });
  return FACTS.map((fact) => {
    const check = latest.get(fact);
    const change = lastChange.get(fact);
    if (change && (!check || later(change, check))) {
      return { fact, checkedOn: null, changedOn: change.date };
    }
    return { fact, checkedOn: check?.date ?? null };
  });
}

/** The day by which every fact had been checked: the oldest latest check; null while one has none. */
export function lastVerifiedOn(checks: readonly FactCheck[]): string | null {
  let oldest: string | null = null;
  for (const { checkedOn } of checks) {
    if (checkedOn === null) return null;
    if (oldest === null || checkedOn < oldest) oldest = checkedOn;
  }
  return oldest;
}

/** Each course's entries since its latest `added`, in history order, by slug. */
export function entriesByCourse(history: readonly KeptEntry[]): Map<string, KeptEntry[]> {
  const bySlug = new Map<string, KeptEntry[]>();
  for (const entry of history) {
    if (entry.course === undefined) continue;
    if (entry.kind === 'added') bySlug.set(entry.course, []);
    const entries = bySlug.get(entry.course) ?? [];
    entries.push(entry);
    bySlug.set(entry.course, entries);
  }
  return bySlug;
}

/** Every course's fact checks, by slug: what the dataset's sources and history support. */
export function checksOf(
  courses: readonly CourseRecord[],
  history: readonly KeptEntry[],
): Map<string, FactCheck[]> {
  const bySlug = entriesByCourse(history);
  return new Map(
    courses.map((course) => [course.slug, factChecks(course, bySlug.get(course.slug) ?? [])]),
  );
}

/**
 * What an editor is told of a course whose `last_verified_on` in the file is not the day its
 * checks support (a date set by an earlier rule, which moved it with any one check, or by hand):
 * the service serves the supported day, and the facts to check are named. Undefined when they agree.
 */
export function unsupportedDate(
  course: Pick<CourseRecord, 'slug' | 'verification'>,
  checks: readonly FactCheck[],
): string | undefined {
  const written = course.verification.last_verified_on;
  const supported = lastVerifiedOn(checks);
  if (written === supported) return undefined;
  const unchecked = checks.filter((c) => c.checkedOn === null).map((c) => c.fact);
  const older =
    written === null
      ? []
      : checks.filter((c) => c.checkedOn !== null && c.checkedOn < written).map((c) => c.fact);
  const toCheck = [...unchecked, ...older];
  const why = [
    unchecked.length ? `no check of ${unchecked.join(', ')}` : '',
    older.length ? `${older.join(', ')} checked before ${written}` : '',
  ].filter(Boolean);
  return (
    `course "${course.slug}", field verification.last_verified_on: ${written ?? 'null'} is not what its sources support` +
    ` (${why.join('; ') || `every fact checked by ${supported}`}), so the service serves ${supported ?? 'null (unverified)'}` +
    (toCheck.length
      ? `; check them: npm run data:verify -- ${course.slug} ${toCheck.map((f) => `--field ${f}`).join(' ')} --source … --url …`
      : `; set verification.last_verified_on to ${supported} in the file`)
  );
}
