import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock, utcDate } from '../core/clock';
import { AppConfig } from '../core/config';
import { type Dataset, loadDataset } from './dataset';
import { buildSnapshot, type Snapshot } from './derive';

/**
 * The one source of courses for every face. Loads and validates `data/` at start (an invalid file
 * stops the start), re-derives when the UTC date changes, and reloads on SIGHUP, keeping the old
 * data when the new files are invalid.
 */
@Injectable()
export class CatalogService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CatalogService.name);
  private dataset!: Dataset;
  private current!: Snapshot;
  /** The UTC day `current` was derived for, as [start, end) in epoch ms. */
  private day = { start: 0, end: 0 };
  private readonly onHangup = () => this.reload();

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
    if (now < this.day.start || now >= this.day.end) this.current = this.build();
    return this.current;
  }

  /** Re-reads `data/`. Returns false, keeping the previous data, when the files are invalid. */
  reload(): boolean {
    try {
      this.dataset = loadDataset(this.config.dataDir, utcDate(this.clock.now()));
    } catch (error) {
      this.logger.error(
        `Reload failed; still serving the previous data. ${(error as Error).message}`,
      );
      return false;
    }
    this.current = this.build();
    this.logger.log(`Data reloaded (version ${this.current.version})`);
    return true;
  }

  private build(): Snapshot {
    const now = this.clock.now();
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    this.day = { start, end: start + 24 * 60 * 60 * 1000 };
    return buildSnapshot(this.dataset, utcDate(now), this.config);
  }
}
