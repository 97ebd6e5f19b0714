import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../core/config';
import { Lifecycle } from './lifecycle';
import type { StopSignals } from './signals';

/** Requests in flight get this long to finish after the server stops accepting connections. */
export const IN_FLIGHT_GRACE_MS = 10_000;

/**
 * Graceful stop on SIGTERM/SIGINT (docs/operations.md#signals) once the app serves: `/readyz`
 * answers 503 (for SHUTDOWN_DELAY_SECONDS, while the load balancer takes the replica out), then the
 * server stops accepting connections, finishes the requests in flight (at most 10 s), the app
 * closes (Redis and the metrics server included), `after` runs (the tracer's last export) and the
 * process exits 0. Before that, `StopSignals` (installed first by `main.ts`) ends the start on a
 * signal.
 */
export function drainOnSignal(
  signals: StopSignals,
  app: NestExpressApplication,
  server: Server,
  after: () => Promise<void> = async () => {},
): void {
  const logger = new Logger('Shutdown');
  signals.serving(
    async () => {
      await drain(app, server);
      await after();
    },
    (message, level) => (level === 'error' ? logger.error(message) : logger.log(message)),
  );
}

/** Drains `server`, the app's public server, then closes the app. */
export async function drain(app: NestExpressApplication, server: Server): Promise<void> {
  app.get(Lifecycle).startDraining();
  await sleep(app.get(AppConfig).shutdownDelaySeconds * 1000);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections close as soon as their request is answered.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => server.closeAllConnections(), IN_FLIGHT_GRACE_MS);
  await closed;
  clearInterval(idle);
  clearTimeout(deadline);
  await app.close();
}
