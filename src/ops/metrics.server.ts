import {
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../core/config';
import { Metrics } from './metrics.service';

/**
 * `/metrics` on a port of its own when METRICS_PORT is set, and then never on the public one: the
 * gateway routes only the public port and the NetworkPolicy lets only the monitoring namespace
 * reach this one (docs/operations.md#metrics). A plain `node:http` server that listens while the
 * app starts and closes with it; scrapes are not requests of the service, so they are neither
 * logged nor counted. Without METRICS_PORT it does nothing: OpsController answers `/metrics`.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly server = createServer(
    (request, response) => void this.answer(request, response),
  );

  constructor(
    private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {
    // A scrape is one small request: a client slower than this is not Prometheus.
    this.server.headersTimeout = 5_000;
    this.server.requestTimeout = 10_000;
  }

  /** The port it listens on (the one chosen for METRICS_PORT=0), if it listens. */
  get port(): number | undefined {
    return (this.server.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { metricsPort, host } = this.config;
    if (metricsPort === undefined) return;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', (error) =>
        reject(new Error(`METRICS_PORT ${metricsPort}: ${error.message}`)),
      );
      this.server.listen(metricsPort, host, resolve);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // A scrape in flight or a kept-alive connection would hold the close until it times out.
    this.server.closeAllConnections();
    await closed;
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') return void response.writeHead(404).end('Not found\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return void response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    }
    try {
      const text = await this.metrics.registry.metrics();
      response.writeHead(200, {
        'Content-Type': this.metrics.registry.contentType,
        'Cache-Control': 'no-store',
      });
      response.end(request.method === 'HEAD' ? undefined : text);
    } catch {
      response.writeHead(500).end();
    }
  }
}
