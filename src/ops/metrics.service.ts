import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (docs/operations.md#metrics). One registry per app, so several apps in one
 * process (tests) do not collide. Labels are route templates and status codes only: never a query
 * value (docs/privacy.md#metrics).
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its response',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  private readonly rejected = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests answered 429 rate_limited',
    registers: [this.registry],
  });
  private readonly store = new Gauge({
    name: 'rate_limit_store',
    help: 'Which store counts rate limits: 1 for the one in use (redis, or memory when Redis is unset or unreachable)',
    labelNames: ['store'] as const,
    registers: [this.registry],
  });

  /**
   * The series of each method, route and status, looked up once: prom-client otherwise sorts and
   * joins the label values on every call. Routes are templates and methods those Node parses, so
   * the combinations are few.
   */
  private readonly series = new Map<
    string,
    {
      count: Counter.Internal;
      time: Histogram.Internal<'method' | 'route'>;
    }
  >();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        count: this.requests.labels({ method, route, status }),
        time: this.duration.labels({ method, route }),
      };
      this.series.set(key, series);
    }
    series.count.inc();
    series.time.observe(seconds);
  }

  countRejection(): void {
    this.rejected.inc();
  }

  setRateLimitStore(store: 'redis' | 'memory'): void {
    this.store.set({ store: 'redis' }, store === 'redis' ? 1 : 0);
    this.store.set({ store: 'memory' }, store === 'memory' ? 1 : 0);
  }
}
