import { createServer, type Server, type Socket } from 'node:net';
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

describe('RedisConnection.firstAttempt, a host that neither answers nor refuses', () => {
  it('waits once: a later call ends with the first one, not a wait of its own', async () => {
    // Takes the connection and says nothing, as a host that drops packets would.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const connection = new RedisConnection(
      AppConfig.fromEnv({ REDIS_URL: `redis://127.0.0.1:${port}` }),
    );
    // The attempt's outcome: here the ready check's command times out, after a second.
    let outcomes = 0;
    connection.client!.on('ready', () => outcomes++);
    connection.client!.on('error', () => outcomes++);
    try {
      await connection.firstAttempt(50);
      // As the start calls it a second time, with a wait far past the test's own timeout.
      await connection.firstAttempt(10 * 60_000);
      // Both calls ended before the attempt had an outcome: the second shared the first's wait.
      expect(outcomes).toBe(0);
    } finally {
      connection.client!.disconnect();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
