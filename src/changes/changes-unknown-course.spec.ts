import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import { copyOfData } from '../../test/support/app';
import { TestClock } from '../../test/support/clock';
import { CatalogService } from '../catalog/catalog.service';
import { Clock } from '../core/clock';
import { AppConfig } from '../core/config';
import { DomainError } from '../core/domain-error';
import { withId } from '../data-tools/history-file';
import { ChangesService } from './changes.service';

/**
 * `course` in the history (docs/api.md#getchanges), on the shipped data with one course removed as
 * the editors' tools record it: a slug the history has held answers its entries, one it never held
 * is not found, with the near slugs of the courses and of the history.
 */

const REMOVED = 'link-wheel-masterclass';

async function changesOf(dataDir: string): Promise<ChangesService> {
  const moduleRef = await Test.createTestingModule({
    providers: [
      CatalogService,
      ChangesService,
      { provide: AppConfig, useValue: AppConfig.fromEnv({ DATA_DIR: dataDir }) },
      { provide: Clock, useValue: new TestClock(new Date('2026-11-27T12:00:00Z')) },
    ],
  }).compile();
  await moduleRef.init();
  return moduleRef.get(ChangesService);
}

/** The shipped data, with REMOVED taken out of the courses and its removal in the history. */
function dataWithoutRemoved(): string {
  const dir = copyOfData({ history: true });
  const file = join(dir, 'courses.json');
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const course = data.courses.find((c: { slug: string }) => c.slug === REMOVED);
  data.courses = data.courses.filter((c: { slug: string }) => c.slug !== REMOVED);
  writeFileSync(file, JSON.stringify(data));
  const entry = {
    date: '2026-11-25',
    kind: 'removed' as const,
    course: REMOVED,
    name: course.name,
  };
  appendFileSync(
    join(dir, 'history.jsonl'),
    `${JSON.stringify(withId({ ...entry, placeholder: true }))}\n`,
  );
  return dir;
}

function notFound(call: () => unknown): Record<string, unknown> | undefined {
  try {
    call();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return error.details;
    throw error;
  }
  return undefined;
}

describe('ChangesService.list by course', () => {
  let changes: ChangesService;
  beforeAll(async () => {
    changes = await changesOf(dataWithoutRemoved());
  });

  it("answers a removed course's entries, its removal first", () => {
    const { data } = changes.list({ course: REMOVED });
    expect(data.map((entry) => entry.kind)).toEqual(['removed', 'added']);
    expect(data[0].course).toMatchObject({ slug: REMOVED, removed: true });
  });

  it("answers a tracked course's entries", () => {
    expect(changes.list({ course: 'technical-seo-deep-dive' }).data).toHaveLength(1);
  });

  it('is not found for a slug the history never held, offering near slugs of the history too', () => {
    expect(notFound(() => changes.list({ course: 'nope' }))).toEqual({
      missing: ['nope'],
      near_slugs: [],
    });
    expect(notFound(() => changes.list({ course: 'link-wheel' }))).toEqual({
      missing: ['link-wheel'],
      near_slugs: [REMOVED],
    });
  });
});
