import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Global, Logger, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import pino from 'pino';
import { Clock, SystemClock } from '../core/clock';
import { AppConfig } from '../core/config';
import { LOG } from '../ops/logger';
import { EdgeModule } from './edge.module';
import { EDGE_TIMEOUTS, PublicServer } from './public-server';
import { RedisConnection } from './redis.connection';

/**
 * The Redis connection's start (docs/api.md#shared-across-replicas): one provider owns it, so the
 * app's start makes one connection attempt, whichever providers use the connection.
 */

/** A port of 127.0.0.1 that refuses connections: one a server had, closed again. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A host that takes connections and says nothing, as one that drops packets after the handshake
 * would: it counts the connections made to it. `attemptsSince()` makes a connection of its own
 * and counts those that came before it, since the last call: connections to one listening socket
 * are taken in the order they were made, so no wait is guessed.
 */
class SilentHost {
  private readonly server = createServer((socket) => this.took(socket));
  private readonly sockets: Socket[] = [];
  private counted = 0;
  private marker?: { port: number; reached: () => void };

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `redis://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  private took(socket: Socket) {
    this.sockets.push(socket);
    if (this.marker && socket.remotePort === this.marker.port) this.marker.reached();
  }

  async attemptsSince(): Promise<number> {
    // A turn of the event loop first: a connection begun on a later tick (ioredis begins its
    // socket on the next one) is then made before this one.
    await new Promise(setImmediate);
    const { port } = this.server.address() as { port: number };
    const own = connect(port, '127.0.0.1');
    await once(own, 'connect');
    const at = () => this.sockets.findIndex((socket) => socket.remotePort === own.localPort);
    if (at() === -1) {
      await new Promise<void>((reached) => (this.marker = { port: own.localPort!, reached }));
    }
    const attempts = at() - this.counted;
    this.counted = at() + 1;
    own.destroy();
    return attempts;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('the app’s start, with REDIS_URL', () => {
  let host: SilentHost;
  beforeAll(() => Logger.overrideLogger(false));
  beforeEach(async () => (host = new SilentHost()));
  afterEach(() => host.close());

  it('connects once, in the start: the rate limit and the assistants share the connection', async () => {
    const config = AppConfig.fromEnv({
      REDIS_URL: await host.listen(),
      ASSISTANT_RANGES: 'static',
    });
    @Global()
    @Module({
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: Clock, useValue: new SystemClock() },
        { provide: LOG, useValue: pino({ level: 'silent' }) },
        { provide: EDGE_TIMEOUTS, useValue: {} },
      ],
      exports: [AppConfig, Clock, LOG, EDGE_TIMEOUTS],
    })
    class Globals {}
    const module = await Test.createTestingModule({ imports: [Globals, EdgeModule] })
      // The server of our own needs the app's HTTP adapter as it is built; not the subject here.
      .overrideProvider(PublicServer)
      .useValue({})
      .compile();
    const app = module.createNestApplication({ logger: false });
    try {
      // Built, not started: nothing is connected yet.
      expect(await host.attemptsSince()).toBe(0);
      await app.init();
      // Started: one attempt. The host says nothing, so the start waited for it, and no other
      // hook made one of its own.
      expect(await host.attemptsSince()).toBe(1);
      expect(app.get(RedisConnection).ready).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('RedisConnection.connect', () => {
  it('resolves when the first connection is refused, not when the wait is over', async () => {
    const config = AppConfig.fromEnv({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    const connection = new RedisConnection(config);
    try {
      // A wait far past the test's own timeout: only the refusal can end it.
      await connection.connect(10 * 60_000);
      expect(connection.ready).toBe(false);
    } finally {
      await connection.onApplicationShutdown();
    }
  });

  it('resolves at once without REDIS_URL', async () => {
    const connection = new RedisConnection(AppConfig.fromEnv({}));
    await connection.connect(10 * 60_000);
    expect(connection.client).toBeNull();
  });
});
