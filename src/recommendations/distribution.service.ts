import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Snapshot } from '../catalog/derive';
import { builtFile, runWorker } from '../core/worker-task';
import type { Distribution } from './distribution';

const WORKER = builtFile('recommendations/distribution.worker.js');

/**
 * How the finder answers every set of answers on the current data (the methodology page's chart).
 * It scores every course for every combination, so it grows with the catalog: computed once per
 * dataset version, in a worker thread, as soon as the version is served; the event loop never
 * waits for it, and a page that needs it before it is done awaits it. A new version stops the
 * worker of the one before; a worker that fails, or takes longer than any should, is logged and
 * not tried again for that version (the page is served without the chart).
 */
@Injectable()
export class DistributionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Distribution');
  private computed?: {
    version: string;
    distribution: Promise<Distribution>;
    stop: AbortController;
  };

  constructor(private readonly catalog: CatalogService) {}

  onApplicationBootstrap(): void {
    // On a turn of its own (handing the courses to the worker copies them), for the version that
    // is still the newest then.
    let newest: string | undefined;
    this.catalog.subscribe((snapshot) => {
      newest = snapshot.version;
      setImmediate(() => {
        if (newest === snapshot.version) this.of(snapshot).catch(() => undefined);
      });
    });
  }

  onModuleDestroy(): void {
    this.computed?.stop.abort();
  }

  /**
   * The distribution of the data being served, with that data: when a reload replaces it while
   * the distribution is computed, the new version's is awaited instead. `distribution` is undefined
   * when it could not be computed for the version (logged once, when it failed).
   */
  async current(): Promise<{ snapshot: Snapshot; distribution?: Distribution }> {
    for (;;) {
      const snapshot = this.catalog.snapshot();
      const distribution = await this.of(snapshot).catch(() => undefined);
      if (this.catalog.snapshot().version === snapshot.version) return { snapshot, distribution };
    }
  }

  private of(snapshot: Snapshot): Promise<Distribution> {
    if (this.computed?.version !== snapshot.version) {
      this.computed?.stop.abort();
      const stop = new AbortController();
      const { courses, methodology } = snapshot;
      const distribution = runWorker<Distribution>(
        WORKER,
        { courses, methodology },
        { signal: stop.signal },
      );
      distribution.catch((error: Error) => {
        if (!stop.signal.aborted) this.logger.error(`Distribution not computed: ${error.message}`);
      });
      this.computed = { version: snapshot.version, distribution, stop };
    }
    return this.computed.distribution;
  }
}
