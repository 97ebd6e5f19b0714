import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock, utcDate } from '../core/clock';
import { AppConfig } from '../core/config';
import { builtFile, runWorker } from '../core/worker-task';
import { mapInTurns } from '../core/turns';
import type { CourseRecord } from './course.schema';
import { type Dataset, loadDataset } from './dataset';
import { buildSnapshot, type Snapshot } from './derive';
import type { LoadedData } from './load.worker';
import { type SearchIndex, searchIndexOf, searchTextOf } from './search-index';

const LOAD_WORKER = builtFile('catalog/load.worker.js');

/**
 * The one source of courses for every face. Loads and validates `data/` at start (an invalid file
 * stops the start), re-derives when the UTC date changes, and reloads on SIGHUP, keeping the old
 * data when the new files are invalid (docs/data.md#loading-and-reloading). A reload reads and
 * validates the files in a worker thread, serving the old version meanwhile.
 */
@Injectable()
export class CatalogService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CatalogService.name);
  private dataset!: Dataset;
  /** The dataset's search index: it does not change with the date. */
  private searchText!: SearchIndex;
  private current!: Snapshot;
  /** The UTC day `current` was derived for, as [start, end) in epoch ms. */
  private day = { start: 0, end: 0 };
  /** Who derives something once per dataset version (subscribe). */
  private readonly listeners: ((snapshot: Snapshot) => void)[] = [];
  private readonly onHangup = () => void this.reload();
  /** The reload under way, if any: the next one starts once it is done. */
  private reloads: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.dataset = loadDataset(this.config.dataDir, utcDate(this.clock.now()));
    this.searchText = searchIndexOf(this.dataset.courses);
    this.current = this.build();
    process.on('SIGHUP', this.onHangup);
  }

  onModuleDestroy(): void {
    process.off('SIGHUP', this.onHangup);
  }

  /** The data as of today (UTC); rebuilt lazily on the first call after midnight. */
  snapshot(): Snapshot {
    // Called on every request: a comparison of numbers, no date formatting.
    const now = this.clock.now().getTime();
    if (now < this.day.start || now >= this.day.end) this.serve(this.build());
    return this.current;
  }

  /** Calls `listener` with the current version now and with each new one as it is served. */
  subscribe(listener: (snapshot: Snapshot) => void): void {
    this.listeners.push(listener);
    listener(this.snapshot());
  }

  /**
   * Re-reads `data/`: the files are read and validated in a worker thread; what the main thread
   * does with them (parsing the courses it gets back as text, indexing their words) it does a
   * slice at a time, so the old version keeps serving meanwhile. Reloads run one after another, so
   * the last one asked for reads the newest files and is the one served. Resolves false, keeping
   * the previous data, when the files are invalid.
   */
  reload(): Promise<boolean> {
    const reload = this.reloads.then(() => this.load());
    this.reloads = reload.catch(() => undefined);
    return reload;
  }

  private async load(): Promise<boolean> {
    const today = utcDate(this.clock.now());
    let loaded: LoadedData;
    try {
      loaded = await runWorker(LOAD_WORKER, { dataDir: this.config.dataDir, today });
    } catch (error) {
      loaded = { problem: (error as Error).message };
    }
    if ('problem' in loaded) {
      this.logger.error(`Reload failed; still serving the previous data. ${loaded.problem}`);
      return false;
    }
    const courses = await mapInTurns(loaded.courses, (text) => JSON.parse(text) as CourseRecord);
    const index = await mapInTurns(
      courses,
      (course) => [course.slug, searchTextOf(course)] as const,
    );
    this.dataset = { ...(JSON.parse(loaded.rest) as Omit<Dataset, 'courses'>), courses };
    this.searchText = new Map(index);
    this.serve(this.build());
    this.logger.log(`Data reloaded (version ${this.current.version})`);
    return true;
  }

  private serve(snapshot: Snapshot): void {
    this.current = snapshot;
    for (const listener of this.listeners) listener(snapshot);
  }

  private build(): Snapshot {
    const now = this.clock.now();
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    this.day = { start, end: start + 24 * 60 * 60 * 1000 };
    return buildSnapshot(this.dataset, utcDate(now), this.config, this.searchText);
  }
}
