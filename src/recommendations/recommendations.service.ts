import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import type { Snapshot } from '../catalog/derive';
import type { EncodedJson } from '../core/encoded-json';
import type { Envelope } from '../core/envelope.schema';
import { recommend } from './engine';
import type { Answers } from './answers.dto';
import type { Recommendation, RecommendationResult } from './recommendation.schema';
import { recommendationEnvelope, RecommendationTable } from './recommendation-table';

/**
 * Recommendations for validated answers, which are never stored (decisions §8). They are read
 * from the table of every answer combination for the current data; while that table is being
 * built (at start, after midnight UTC, after a reload) the engine scores the request directly,
 * with the same result to the byte.
 */
@Injectable()
export class RecommendationsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RecommendationsService.name);
  private table?: RecommendationTable;
  private building?: { version: string; table: Promise<RecommendationTable | undefined> };
  private closing = false;

  constructor(private readonly catalog: CatalogService) {}

  /** Starts the first table before the server takes any request. */
  onApplicationBootstrap(): void {
    this.tableFor(this.catalog.snapshot());
  }

  onModuleDestroy(): void {
    this.closing = true;
  }

  recommend(answers: Answers): Envelope<Recommendation> {
    const snapshot = this.catalog.snapshot();
    return recommendationEnvelope(snapshot, answers, this.resultsOn(snapshot, answers));
  }

  /** The ranked results alone, on the current data. */
  results(answers: Answers): RecommendationResult[] {
    return this.resultsOn(this.catalog.snapshot(), answers);
  }

  /**
   * The REST body for a raw query that is exactly one valid answer set, encoded from the table;
   * undefined while the table is built or for any other query.
   */
  fromTable(query: Readonly<Record<string, unknown>>): EncodedJson | undefined {
    return this.tableFor(this.catalog.snapshot())?.encoded(query);
  }

  /** The table of the current data, once built (what the service serves from then on). */
  async currentTable(): Promise<RecommendationTable | undefined> {
    const snapshot = this.catalog.snapshot();
    return this.tableFor(snapshot) ?? (await this.building?.table);
  }

  private resultsOn(snapshot: Snapshot, answers: Answers): RecommendationResult[] {
    return (
      this.tableFor(snapshot)?.results(answers) ??
      recommend(answers, snapshot.courses, snapshot.methodology)
    );
  }

  /** The built table of this snapshot, or undefined while it is built (which this starts). */
  private tableFor(snapshot: Snapshot): RecommendationTable | undefined {
    if (this.table?.snapshot.version === snapshot.version) return this.table;
    if (this.building?.version !== snapshot.version && !this.closing) {
      const stale = () => this.closing || this.catalog.snapshot().version !== snapshot.version;
      const table = RecommendationTable.build(snapshot, stale).then(
        (built) => {
          if (built) this.table = built;
          return built;
        },
        (error: Error) => {
          this.logger.error(`Recommendation table not built: ${error.message}`, error.stack);
          return undefined;
        },
      );
      this.building = { version: snapshot.version, table };
    }
    return undefined;
  }
}
