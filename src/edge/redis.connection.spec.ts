import { createServer, type Server } from 'node:net';
import { AppConfig } from '../core/config';
import { RedisConnection } from './redis.connection';

/** A port of 127.0.0.1 that refuses connections: one a server had, closed again. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('RedisConnection.firstAttempt', () => {
  it('resolves when the first connection is refused, not when the wait is over', async () => {
    const config = AppConfig.fromEnv({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    const connection = new RedisConnection(config);
    try {
      // A wait far past the test's own timeout: only the refusal can end it.
      await connection.firstAttempt(10 * 60_000);
      expect(connection.ready).toBe(false);
    } finally {
      await connection.onApplicationShutdown();
    }
  });

  it('resolves at once without REDIS_URL', async () => {
    const connection = new RedisConnection(AppConfig.fromEnv({}));
    await connection.firstAttempt(10 * 60_000);
    expect(connection.client).toBeNull();
  });
});

describe('RedisConnection.firstAttempt, called after the refusal', () => {
  it('resolves with the refusal that came before it, not with a retry', async () => {
    const config = AppConfig.fromEnv({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    const connection = new RedisConnection(config);
    const client = connection.client!;
    let refusals = 0;
    client.on('error', () => refusals++);
    try {
      await new Promise((resolve) => client.once('error', resolve));
      // As the start calls it: once for the store, once more for the throttler's copy of it.
      await connection.firstAttempt(10 * 60_000);
      await connection.firstAttempt(10 * 60_000);
      // Waiting for the next attempt would have taken a retry, and its refusal.
      expect(refusals).toBe(1);
    } finally {
      await connection.onApplicationShutdown();
    }
  });
});
