import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { answerUnreadableRequests } from './unread-requests';

export interface HttpTimeouts {
  /** The whole request line and headers must arrive within this. */
  headersMs: number;
  /** The whole request must arrive within this. */
  requestMs: number;
  /** Idle keep-alive connections close after this. */
  keepAliveMs: number;
  /** How often Node looks for requests past `headersMs`/`requestMs` (its default is 30 s). */
  checkEveryMs: number;
}

/**
 * Against slow clients (docs/api.md#timeouts): headers within 10 s, a whole request within 30 s,
 * checked every second. Idle keep-alive connections outlive a proxy's (60 s is common) so it never
 * reuses one the server is closing.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 65_000,
  checkEveryMs: 1_000,
};

/** Server timeouts that replace the defaults (tests shorten them). */
export const EDGE_TIMEOUTS = Symbol('edge timeouts');

/**
 * The service's HTTP server, created over the app's Express instance as Nest's documentation
 * shows for a server of one's own (https://docs.nestjs.com/faq/multiple-servers), so that its
 * timeouts are passed where Node takes them, to `http.createServer`. `createApp` initialises the
 * app and `startApp` listens here; the app's shutdown closes it.
 */
@Injectable()
export class PublicServer implements OnApplicationShutdown {
  readonly server: Server;

  constructor(adapter: HttpAdapterHost, @Inject(EDGE_TIMEOUTS) timeouts: Partial<HttpTimeouts>) {
    const { headersMs, requestMs, keepAliveMs, checkEveryMs } = { ...HTTP_TIMEOUTS, ...timeouts };
    this.server = createServer(
      {
        headersTimeout: headersMs,
        requestTimeout: requestMs,
        keepAliveTimeout: keepAliveMs,
        connectionsCheckingInterval: checkEveryMs,
      },
      adapter.httpAdapter.getInstance(),
    );
    answerUnreadableRequests(this.server);
  }

  /** Listens on `port` (0: a free one) and `host`; resolves with the address. */
  listen(port: number, host: string): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve(this.server.address() as AddressInfo);
      });
    });
  }

  /** Whatever is still open when the app closes (a graceful stop has drained it already). */
  async onApplicationShutdown(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }
}
