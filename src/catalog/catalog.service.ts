import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock, utcDate } from '../core/clock';
import { AppConfig } from '../core/config';
import { type Dataset, loadDataset } from './dataset';
import { changeLogOf, type ChangeLog } from './change-log';
import { buildCatalog, type Catalog } from './derive';
import { CourseSearch } from './course-search';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The one source of courses for the API, the MCP server and the site
 * (docs/data.md#loading-and-reloading). Loads and validates `data/` before the app serves (an
 * invalid file stops the start), derives the catalog again when the UTC date changes, and reloads
 * on SIGHUP, keeping the previous data when the new files are invalid.
 */
@Injectable()
export class CatalogService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CatalogService.name);
  private dataset!: Dataset;
  /** The courses' words, searched: they depend on the dataset alone, not on the date. */
  private search!: CourseSearch;
  /** The history as served: it depends on the dataset alone too. */
  private changes!: ChangeLog;
  /** Said once: a dataset without a history is served with an empty one. */
  private saidHistoryAbsent = false;
  private catalog!: Catalog;
  /** The UTC day `catalog` was derived for, as [start, end) in epoch ms. */
  private day = { start: 0, end: 0 };
  private readonly onHangup = () => void this.reload();

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.use(loadDataset(this.config.dataDir, utcDate(this.clock.now())));
    process.on('SIGHUP', this.onHangup);
  }

  onModuleDestroy(): void {
    process.off('SIGHUP', this.onHangup);
  }

  /** The catalog as of today (UTC); derived again on the first call after midnight. */
  current(): Catalog {
    // Called on every request: a comparison of numbers, no date formatting.
    const now = this.clock.now().getTime();
    if (now < this.day.start || now >= this.day.end) this.derive();
    return this.catalog;
  }

  /**
   * Reads and validates `data/` again, synchronously: the process answers nothing else meanwhile
   * (docs/operations.md#reloading-on-sighup). Returns false, keeping the previous data, when the files
   * are invalid.
   */
  reload(): boolean {
    try {
      this.use(loadDataset(this.config.dataDir, utcDate(this.clock.now())));
    } catch (error) {
      this.logger.error(
        `Reload failed; still serving the previous data. ${(error as Error).message}`,
      );
      return false;
    }
    this.logger.log(`Data reloaded (version ${this.catalog.version})`);
    return true;
  }

  private use(dataset: Dataset): void {
    this.dataset = dataset;
    this.search = new CourseSearch(dataset.courses, dataset.glossary);
    this.changes = changeLogOf(dataset.history, dataset.courses, this.config.siteUrl);
    this.derive();
    if (dataset.notes.length > 0) {
      // The data is served, with the dates its sources support; the editors fix the files.
      this.logger.warn(
        `${dataset.notes.length} course(s) in ${this.config.dataDir} have a last_verified_on their sources do not support; serving the supported dates, which \`npm run data:check\` names (docs/data.md#the-facts)`,
      );
    }
    if (dataset.historyAbsent && !this.saidHistoryAbsent) {
      this.saidHistoryAbsent = true;
      this.logger.warn(
        `${this.config.dataDir} has no history.jsonl: serving an empty history (docs/data.md#the-history)`,
      );
    }
  }

  private derive(): void {
    const now = this.clock.now();
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    this.day = { start, end: start + DAY_MS };
    this.catalog = buildCatalog(this.dataset, utcDate(now), this.config, this.search, this.changes);
  }
}
