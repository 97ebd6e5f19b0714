import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Snapshot } from '../catalog/derive';
import { builtFile, runWorker } from '../core/worker-task';
import type { Distribution } from './distribution';

const WORKER = builtFile('recommendations/distribution.worker.js');

/**
 * How the finder answers every set of answers on the current data (the methodology page's chart).
 * It scores every course for every combination, so it grows with the catalog: computed once per
 * dataset version, in a worker thread, as soon as the version is loaded; the event loop never
 * waits for it, and a page that needs it before it is done awaits it.
 */
@Injectable()
export class DistributionService implements OnApplicationBootstrap {
  private computed?: { version: string; distribution: Promise<Distribution> };

  constructor(private readonly catalog: CatalogService) {}

  onApplicationBootstrap(): void {
    this.catalog.subscribe((snapshot) => void this.of(snapshot).catch(() => undefined));
  }

  /** The distribution of the current dataset version. */
  current(): Promise<Distribution> {
    return this.of(this.catalog.snapshot());
  }

  private of(snapshot: Snapshot): Promise<Distribution> {
    if (this.computed?.version !== snapshot.version) {
      const { courses, methodology } = snapshot;
      const distribution = runWorker<Distribution>(WORKER, { courses, methodology });
      this.computed = { version: snapshot.version, distribution };
      // A failure is answered to the page that asked, and tried again by the next.
      distribution.catch(() => {
        if (this.computed?.distribution === distribution) this.computed = undefined;
      });
    }
    return this.computed.distribution;
  }
}
