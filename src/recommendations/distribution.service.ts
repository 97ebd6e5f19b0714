import { once } from 'node:events';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Catalog } from '../catalog/derive';
import type { Distribution } from './distribution';

/**
 * The worker's script, bundled with what it imports by `npm run build` (scripts/bundle.mjs), and
 * by the test setup: in `dist/workers/`, reached from `dist/recommendations/` and from
 * `src/recommendations/` (tests) alike.
 */
export const WORKER_FILE = join(__dirname, '..', '..', 'dist', 'workers', 'distribution.worker.js');

/** Far longer than the spread takes at any catalog size served (docs/benchmarks.md#scale). */
export const WORKER_TIME_LIMIT_MS = 5 * 60_000;

/** Enough for the catalog it is given; a worker that outgrows it fails alone. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/** Which script computes the spread, and for how long at most: tests give a broken one. */
export interface DistributionWorker {
  file: string;
  timeLimitMs: number;
}
export const DISTRIBUTION_WORKER = Symbol('distribution worker');

/** Where the spread of one catalog version is: being computed, computed, or failed. */
export type Spread =
  { state: 'computing' } | { state: 'computed'; distribution: Distribution } | { state: 'failed' };

interface Computation {
  version: string;
  worker: Worker;
  spread: Spread;
  done: Promise<Distribution | undefined>;
}

/**
 * How the finder answers every set of answers on the current catalog: the methodology page's
 * spread of matches (docs/architecture.md#the-one-worker). It scores every course for every
 * combination and follows the verification status, so the date: computed in one worker thread
 * per catalog version, from the start and again when the data or the date changes. Until it is
 * done, or if it fails or runs past its time limit (logged), the page is served without it.
 */
@Injectable()
export class DistributionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Distribution');
  private computation?: Computation;

  constructor(
    private readonly catalog: CatalogService,
    @Optional()
    @Inject(DISTRIBUTION_WORKER)
    private readonly script: DistributionWorker = {
      file: WORKER_FILE,
      timeLimitMs: WORKER_TIME_LIMIT_MS,
    },
  ) {}

  onApplicationBootstrap(): void {
    this.of(this.catalog.current());
  }

  onModuleDestroy(): void {
    const worker = this.computation?.worker;
    this.computation = undefined;
    void worker?.terminate();
  }

  /** The spread of this catalog: starts computing it when it is a new version. */
  of(catalog: Catalog): Spread {
    if (this.computation?.version !== catalog.version) this.start(catalog);
    return this.computation!.spread;
  }

  /** Settles when the spread of the current catalog is computed, or has failed. */
  settled(): Promise<Distribution | undefined> {
    this.of(this.catalog.current());
    return this.computation!.done;
  }

  private start({ version, courses, methodology }: Catalog): void {
    void this.computation?.worker.terminate();
    const worker = new Worker(this.script.file, {
      workerData: { courses, methodology },
      resourceLimits: WORKER_LIMITS,
    });
    const computation: Computation = {
      version,
      worker,
      spread: { state: 'computing' },
      done: this.answerOf(worker).then(
        (distribution) => {
          computation.spread = { state: 'computed', distribution };
          return distribution;
        },
        (error: Error) => {
          computation.spread = { state: 'failed' };
          // Stopped for a newer catalog, or as the app closes: nothing went wrong.
          if (this.computation === computation) {
            this.logger.error(`The spread of matches was not computed: ${error.message}`);
          }
          return undefined;
        },
      ),
    };
    this.computation = computation;
  }

  /**
   * The worker's one message. It fails on the worker's error (a throw, its heap limit), on an exit
   * without a message, or at the time limit; the worker is stopped either way.
   */
  private async answerOf(worker: Worker): Promise<Distribution> {
    const { timeLimitMs } = this.script;
    const signal = AbortSignal.timeout(timeLimitMs);
    try {
      const [answer] = await Promise.race([
        once(worker, 'message', { signal }),
        once(worker, 'exit', { signal }).then(([code]) => {
          throw new Error(`exit code ${code}`);
        }),
      ]);
      return answer as Distribution;
    } catch (error) {
      throw signal.aborted ? new Error(`it took longer than ${timeLimitMs / 1000} s`) : error;
    } finally {
      void worker.terminate();
    }
  }
}
