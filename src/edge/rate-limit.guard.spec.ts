import { Controller, Get, Global, Logger, Module, Post } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { SkipThrottle, ThrottlerModule, ThrottlerStorage } from '@nestjs/throttler';
import { TestClock } from '../../test/support/clock';
import { type Served, serveModule } from '../../test/support/testing-app';
import { Clock } from '../core/clock';
import { AppConfig } from '../core/config';
import { Metrics } from '../ops/metrics.service';
import { AssistantsService } from './assistants.service';
import type { FixedWindowStorage } from './fixed-window.storage';
import { HttpErrorFilter } from './http-error.filter';
import { ClientIdentifier, RateLimitGuard } from './rate-limit.guard';
import { THROTTLER_SETUP } from './rate-limit.module';
import { RedisConnection } from './redis.connection';
import { SecurityHeaders } from './security-headers';

/**
 * The rate limit (docs/api.md#rate-limits) as a request meets it: the throttler with our storage,
 * client key and guard, in front of routes of the spec's own. Clients are told apart by
 * `X-Forwarded-For` (the app trusts it here, as TRUST_PROXY would make it); which IPs belong to an
 * assistant is the assistants service's business (test/rate-limit.e2e-spec.ts), so here it knows
 * one assistant by a range the spec chooses.
 */

const PER_IP = 3;
const PER_ASSISTANT = 5;
/** The assistant of this spec: any IP of 198.51.100.0/24. */
const ASSISTANT_IP = /^198\.51\.100\./;

@Controller('api')
class Routes {
  @Get('a')
  a() {
    return { route: 'a' };
  }

  @Get('b')
  b() {
    return { route: 'b' };
  }

  /** As `/mcp` takes JSON-RPC: a message, or a batch of them. */
  @Post('rpc')
  rpc() {
    return { route: 'rpc' };
  }

  @SkipThrottle()
  @Get('free')
  free() {
    return { route: 'free' };
  }
}

const clock = new TestClock(new Date('2026-11-22T12:00:00Z'));

@Global()
@Module({
  providers: [
    {
      provide: AppConfig,
      useValue: AppConfig.fromEnv({
        RATE_LIMIT_PER_IP: String(PER_IP),
        RATE_LIMIT_PER_ASSISTANT: String(PER_ASSISTANT),
      }),
    },
    { provide: Clock, useValue: clock },
    {
      provide: AssistantsService,
      useValue: { identify: (_ua: unknown, ip: string) => (ASSISTANT_IP.test(ip) ? 'bot' : null) },
    },
    { provide: SecurityHeaders, useValue: new SecurityHeaders('http://localhost:3000') },
    Metrics,
    RedisConnection,
    ClientIdentifier,
  ],
  exports: [AppConfig, Clock, SecurityHeaders, Metrics, ClientIdentifier, RedisConnection],
})
class Limits {}

let served: Served;
let minute = 0;
beforeAll(async () => {
  Logger.overrideLogger(false);
  served = await serveModule(
    {
      imports: [Limits, ThrottlerModule.forRootAsync({ imports: [Limits], ...THROTTLER_SETUP })],
      controllers: [Routes],
      providers: [
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    },
    (app) => {
      app.set('trust proxy', true);
      app.useBodyParser('json');
    },
  );
});
afterAll(() => served.close());
// Each test starts in a window of its own: the clock moves past the previous test's.
beforeEach(() => {
  minute += 2;
  clock.current = new Date(Date.UTC(2026, 10, 22, 12, minute));
});

const from = (ip: string, path = '/api/a') =>
  served.request(path, { headers: { 'X-Forwarded-For': ip } });

it('tells a client its policy and what is left, in the IETF fields only', async () => {
  const response = await from('192.0.2.1');
  expect(response.status).toBe(200);
  expect(response.headers['ratelimit-policy']).toBe('"default";q=3;w=60');
  expect(response.headers['ratelimit']).toBe('"default";r=2;t=60');
  expect(Object.keys(response.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual(
    [],
  );
  expect(response.headers['retry-after']).toBeUndefined();
});

it('counts every route against one budget, and answers 429 past it with Retry-After', async () => {
  const metrics = served.app.get(Metrics);
  const rejected = async () =>
    (await metrics.registry.getSingleMetric('rate_limit_rejections_total')!.get()).values[0].value;
  const before = await rejected();
  expect((await from('192.0.2.2', '/api/a')).headers['ratelimit']).toBe('"default";r=2;t=60');
  clock.current = new Date(clock.current.getTime() + 15_000);
  expect((await from('192.0.2.2', '/api/b')).headers['ratelimit']).toBe('"default";r=1;t=45');
  expect((await from('192.0.2.2', '/api/a')).headers['ratelimit']).toBe('"default";r=0;t=45');
  const refused = await from('192.0.2.2', '/api/b');
  expect(refused.status).toBe(429);
  expect(refused.headers['retry-after']).toBe('45');
  expect(refused.headers['ratelimit']).toBe('"default";r=0;t=45');
  expect(refused.headers['cache-control']).toBe('no-store');
  expect(refused.json()).toEqual({
    error: {
      code: 'rate_limited',
      message: 'Rate limit exceeded: 3 requests per minute. Retry after 45 seconds.',
    },
  });
  expect(await rejected()).toBe(before + 1);
});

it('opens a new window once the minute has passed', async () => {
  for (let i = 0; i < PER_IP; i++) await from('192.0.2.3');
  expect((await from('192.0.2.3')).status).toBe(429);
  clock.current = new Date(clock.current.getTime() + 60_000);
  const again = await from('192.0.2.3');
  expect(again.status).toBe(200);
  expect(again.headers['ratelimit']).toBe('"default";r=2;t=60');
});

it('gives each IP its own budget, and each IPv6 /64', async () => {
  for (let i = 0; i < PER_IP; i++) await from('192.0.2.4');
  expect((await from('192.0.2.4')).status).toBe(429);
  expect((await from('192.0.2.5')).status).toBe(200);

  await from('2001:db8:0:1::1');
  await from('2001:db8:0:1:ffff::2');
  expect((await from('2001:db8:0:1::3')).headers['ratelimit']).toBe('"default";r=0;t=60');
  expect((await from('2001:db8:0:2::1')).headers['ratelimit']).toBe('"default";r=2;t=60');
});

it('gives a verified assistant its own limit, one budget for all its IPs', async () => {
  const first = await from('198.51.100.1');
  expect(first.headers['ratelimit-policy']).toBe('"default";q=5;w=60');
  expect(first.headers['ratelimit']).toBe('"default";r=4;t=60');
  for (const ip of ['198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5']) {
    expect((await from(ip)).status).toBe(200);
  }
  expect((await from('198.51.100.6')).status).toBe(429);
  // Its budget is not any one IP's: an ordinary client's IP is untouched.
  expect((await from('192.0.2.6')).headers['ratelimit-policy']).toBe('"default";q=3;w=60');
});

it('neither counts nor limits a route marked @SkipThrottle()', async () => {
  for (let i = 0; i < PER_IP; i++) await from('192.0.2.7');
  const free = await from('192.0.2.7', '/api/free');
  expect(free.status).toBe(200);
  expect(free.headers['ratelimit']).toBeUndefined();
  expect(free.headers['ratelimit-policy']).toBeUndefined();

  for (let i = 0; i < 5; i++) await from('192.0.2.8', '/api/free');
  expect((await from('192.0.2.8')).headers['ratelimit']).toBe('"default";r=2;t=60');
});

it('counts each message of a JSON-RPC batch, up to the first refused', async () => {
  const batch = (size: number) =>
    JSON.stringify(
      Array.from({ length: size }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/call' })),
    );
  const post = (ip: string, body: string) =>
    served.request('/api/rpc', {
      method: 'POST',
      headers: { 'X-Forwarded-For': ip, 'Content-Type': 'application/json' },
      body,
    });
  // One message, alone or as a batch of one, is one request.
  expect((await post('192.0.2.9', '{"jsonrpc":"2.0","id":1}')).headers['ratelimit']).toBe(
    '"default";r=2;t=60',
  );
  expect((await post('192.0.2.9', batch(1))).headers['ratelimit']).toBe('"default";r=1;t=60');

  const two = await post('192.0.2.10', batch(2));
  expect([two.status, two.headers['ratelimit']]).toEqual([201, '"default";r=1;t=60']);
  expect((await post('192.0.2.10', batch(2))).status).toBe(429);

  // A batch larger than the budget is refused whole, and counts one past the limit, not its size:
  // the next window is not borrowed from.
  // The throttler's storage is ours (rate-limit.module.ts).
  const storage = served.app.get<FixedWindowStorage>(ThrottlerStorage);
  const large = await post('192.0.2.11', batch(50));
  expect([large.status, large.headers['ratelimit']]).toEqual([429, '"default";r=0;t=60']);
  const record = await storage.increment('rate:ip:192.0.2.11', 60_000, PER_IP);
  expect(record.totalHits).toBe(PER_IP + 2);
});
