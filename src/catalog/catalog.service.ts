import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock, utcDate } from '../core/clock';
import { AppConfig } from '../core/config';
import { builtFile, runWorker } from '../core/worker-task';
import { type Dataset, loadDataset } from './dataset';
import { buildSnapshot, type Snapshot } from './derive';

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
  private current!: Snapshot;
  /** The UTC day `current` was derived for, as [start, end) in epoch ms. */
  private day = { start: 0, end: 0 };
  /** Who derives something once per dataset version (subscribe). */
  private readonly listeners: ((snapshot: Snapshot) => void)[] = [];
  private readonly onHangup = () => void this.reload();

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.dataset = loadDataset(this.config.dataDir, utcDate(this.clock.now()));
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
   * Re-reads `data/`, in a worker thread. Resolves false, keeping the previous data, when the
   * files are invalid.
   */
  async reload(): Promise<boolean> {
    const today = utcDate(this.clock.now());
    let loaded: { dataset?: Dataset; problem?: string };
    try {
      loaded = await runWorker(LOAD_WORKER, { dataDir: this.config.dataDir, today });
    } catch (error) {
      loaded = { problem: (error as Error).message };
    }
    if (!loaded.dataset) {
      this.logger.error(`Reload failed; still serving the previous data. ${loaded.problem}`);
      return false;
    }
    this.dataset = loaded.dataset;
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
    return buildSnapshot(this.dataset, utcDate(now), this.config);
  }
}
