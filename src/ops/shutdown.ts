import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../core/config';
import { Lifecycle } from './lifecycle';
import { Logger } from '@nestjs/common';

/** Requests in flight get this long to finish after the server stops accepting connections. */
export const IN_FLIGHT_GRACE_MS = 10_000;

/**
 * Graceful stop on SIGTERM/SIGINT (decisions §11): `/readyz` answers 503 (for SHUTDOWN_DELAY_SECONDS,
 * while the load balancer takes the replica out), then the server stops accepting connections,
 * finishes the requests in flight (at most 10 s), the app closes (Redis included) and the process
 * exits 0.
 */
export function stopGracefullyOnSignals(
  app: NestExpressApplication,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  const logger = new Logger('Shutdown');
  const onSignal = (signal: NodeJS.Signals) => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    logger.log(`${signal}: draining`);
    drain(app).then(
      () => exit(0),
      (error: Error) => {
        logger.error(`Shutdown failed: ${error.stack ?? error}`);
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

export async function drain(app: NestExpressApplication): Promise<void> {
  app.get(Lifecycle).startDraining();
  await sleep(app.get(AppConfig).shutdownDelaySeconds * 1000);
  const server = app.getHttpServer() as Server;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections close as soon as their request is answered.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => server.closeAllConnections(), IN_FLIGHT_GRACE_MS);
  await closed;
  clearInterval(idle);
  clearTimeout(deadline);
  await app.close();
}
