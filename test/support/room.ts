import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Global, type LoggerService, Module, type Provider, type Type } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { CatalogModule } from '../../src/catalog/catalog.module';
import type { CourseRecord } from '../../src/catalog/course.schema';
import type { GlossaryTermRecord } from '../../src/catalog/glossary.schema';
import type { HistoryEntry } from '../../src/catalog/history.schema';
import type { MethodologyFile } from '../../src/catalog/methodology.schema';
import { Clock } from '../../src/core/clock';
import { AppConfig } from '../../src/core/config';
import {
  DISTRIBUTION_WORKER,
  WORKER_TIME_LIMIT_MS,
} from '../../src/recommendations/distribution.service';
import { onShippedDay, TestClock } from './clock';
import { DATA_DIR } from './data-dir';

/** A logger that keeps everything to itself. */
const SILENT: LoggerService = { log: () => {}, error: () => {}, warn: () => {} };

/**
 * The methodology page's worker, run from its sources (a spec builds nothing): the same engine the
 * bundle holds, for `DistributionService` in a room.
 */
const SPREAD_FROM_SOURCE = {
  file: join(__dirname, 'spread-from-source.cjs'),
  timeLimitMs: WORKER_TIME_LIMIT_MS,
};

/**
 * A feature room's services as the app builds them, over the real catalog (`data/`): a testing
 * module with the app's globals (the configuration of an empty environment, a clock the spec
 * sets, the spread's worker from the sources; no logs unless the spec takes them), the catalog
 * module, and the services named, started so that the data is loaded. Nothing of ours is
 * replaced: the spec calls the services, and works its expected values out from the data files
 * (read here, as an editor reads them) and docs/.
 */
export async function roomModule(
  services: Provider[],
  {
    now = onShippedDay('12:00:00'),
    env = {} as Record<string, string>,
    logger = false as LoggerService | false,
  } = {},
): Promise<{ module: TestingModule; clock: TestClock; config: AppConfig }> {
  const clock = new TestClock(now);
  const config = AppConfig.fromEnv(env);
  @Global()
  @Module({
    providers: [
      { provide: AppConfig, useValue: config },
      { provide: Clock, useValue: clock },
      { provide: DISTRIBUTION_WORKER, useValue: SPREAD_FROM_SOURCE },
    ],
    exports: [AppConfig, Clock, DISTRIBUTION_WORKER],
  })
  class Globals {}
  const module = await Test.createTestingModule({
    imports: [Globals, CatalogModule],
    providers: services,
  })
    .setLogger(logger || SILENT)
    .compile();
  await module.init();
  return { module, clock, config };
}

/**
 * `roomModule` for a spec file: built before its tests, closed after them; `get` gives a service
 * of it.
 */
export function useRoom(services: Provider[], options: Parameters<typeof roomModule>[1] = {}) {
  let module: TestingModule;
  beforeAll(async () => {
    ({ module } = await roomModule(services, options));
  });
  afterAll(() => module.close());
  return { get: <T>(type: Type<T>): T => module.get(type) };
}

/**
 * A change an editor makes and records, as docs/api.md#change shows it: Niche Site Launchpad's
 * price, from $97 once to $249 a month.
 */
export const PRICE_CHANGE = {
  slug: 'niche-site-launchpad',
  after: {
    display: '$249/month',
    amount: 249,
    currency: 'USD',
    type: 'monthly',
    first_year_cost_usd: 2988,
    known: true,
  },
};

const json = (file: string) => JSON.parse(readFileSync(join(DATA_DIR, file), 'utf8'));

/** The shipped data files, as written. */
export const shipped = {
  courses: (): CourseRecord[] => json('courses.json').courses,
  methodology: (): MethodologyFile => json('methodology.json'),
  glossary: (): GlossaryTermRecord[] => json('glossary.json').terms,
  history: (): HistoryEntry[] =>
    readFileSync(join(DATA_DIR, 'history.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line)),
};

/** Course names in the list's order (docs/api.md#searchcourses): case-insensitive, numbers as numbers. */
const NAMES = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
export const inNameOrder = <T extends { name: string; slug: string }>(courses: T[]) =>
  [...courses].sort((a, b) => NAMES.compare(a.name, b.name) || (a.slug < b.slug ? -1 : 1));
