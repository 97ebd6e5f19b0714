import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { eventually, mcpCall } from './support/edge';
import { TELLTALE_ANSWERS } from './support/answers';
import { fixtureEvents } from './support/fixture';

/**
 * Tracing (docs/operations.md#tracing-opentelemetry, docs/privacy.md#traces): the built service
 * with the tracing of `src/ops/tracing.ts`, its spans captured in memory (`InMemorySpanExporter`,
 * test/fixtures/traced-app.cjs). Spans of a recommendation, the finder page and an MCP
 * `recommend_courses` call hold no answer, in any name, attribute, event or status; the access log
 * carries each request's trace id.
 */

const ROOT = join(__dirname, '..');
const SERVER = 1; // SpanKind.SERVER

const ANSWERS = TELLTALE_ANSWERS;

describe('tracing', () => {
  let child: ChildProcess;
  let events: ReturnType<typeof fixtureEvents>;
  let url: string;

  beforeAll(async () => {
    child = spawn('node', ['test/fixtures/traced-app.cjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        METRICS_PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        RATE_LIMIT_PER_IP: '1000000',
        // With REDIS_URL (CI), Redis commands are traced too, under keys of this run alone.
        REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    events = fixtureEvents(child);
    ({ url } = await events('listening'));
  }, 180_000);
  afterAll(() => child.exitCode === null && child.kill('SIGKILL'));

  let asked = 0;
  const spans = async (): Promise<any[]> => {
    child.stdin!.write('\n');
    return (await events('spans', ++asked)).spans;
  };

  it('spans of recommendations (REST, finder page, MCP) hold no answer; the access log has their trace ids', async () => {
    const query = new URLSearchParams(ANSWERS).toString();
    expect((await fetch(`${url}/api/v1/recommendations?${query}`)).status).toBe(200);
    expect((await fetch(`${url}/api/v1/recommendations?${query}&experience=expert`)).status).toBe(
      422,
    );
    expect((await fetch(`${url}/ai-seo-courses/finder?${query}`)).status).toBe(200);
    const call = await fetch(`${url}/mcp`, mcpCall('recommend_courses', ANSWERS));
    expect(call.status).toBe(200);
    expect(((await call.json()) as any).result.structuredContent.data).toBeDefined();

    // A server span ends as its response does; wait until all four have, and until their access
    // log lines are in: the JSON log is written asynchronously (src/ops/logger.ts), so a line can
    // arrive after the spans that the fixture writes at once.
    let captured: any[] = [];
    const logged = () => events.logs.filter((line) => line.msg === 'request');
    await eventually(async () => {
      captured = await spans();
      return captured.filter((span) => span.kind === SERVER).length >= 4 && logged().length >= 4;
    });

    // The instrumentations ran: the HTTP server spans carry the route, Express its handlers.
    const servers = captured.filter((span) => span.kind === SERVER);
    expect(servers.map((span) => span.attributes['http.route']).sort()).toEqual([
      '/ai-seo-courses/finder',
      '/api/v1/recommendations',
      '/api/v1/recommendations',
      '/mcp',
    ]);
    const scopes = new Set(captured.map((span) => span.scope));
    expect(scopes).toContain('@opentelemetry/instrumentation-http');
    expect(scopes).toContain('@opentelemetry/instrumentation-express');
    // Each operation has a span of its own, named after it, in its request's trace: the route of
    // a REST request, the tool of an MCP call (whose server span is only `POST /mcp`).
    const named = (name: string) =>
      captured.filter((span) => span.scope === 'course-finder' && span.name === name);
    const serverOf = (span: any) =>
      servers.find((server) => server.traceId === span.traceId && server !== span);
    expect(named('GET /api/v1/recommendations')).toHaveLength(2);
    expect(named('GET /ai-seo-courses/finder')).toHaveLength(1);
    const [tool] = named('tools/call recommend_courses');
    expect(tool.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'recommend_courses',
    });
    expect(serverOf(tool)?.attributes['http.route']).toBe('/mcp');
    for (const span of named('GET /api/v1/recommendations')) {
      expect(serverOf(span)?.attributes['http.route']).toBe('/api/v1/recommendations');
    }
    // The refused request's span says by which code it was refused, and is no error of the service.
    expect(
      named('GET /api/v1/recommendations').map((span) => [
        span.status.code,
        span.attributes['error.type'],
      ]),
    ).toEqual(
      expect.arrayContaining([
        [0, undefined],
        [0, 'invalid_answers'],
      ]),
    );
    expect(scopes).toContain('course-finder');

    // The query is recorded as there, its content not.
    for (const span of servers.filter((s) => s.attributes['http.route'] !== '/mcp')) {
      expect(span.attributes['url.query']).toBe('REDACTED');
    }

    for (const value of Object.values(ANSWERS)) {
      expect({
        value,
        spans: captured.filter((span) => JSON.stringify(span).includes(value)),
      }).toEqual({ value, spans: [] });
    }

    // One access log line per request, with the trace id of its server span.
    expect(
      logged()
        .map((line) => line.trace_id)
        .sort(),
    ).toEqual(servers.map((span) => span.traceId).sort());
  });

  it('a bad OTEL_EXPORTER_OTLP_ENDPOINT stops the start, naming it', () => {
    const start = spawnSync('node', ['dist/main'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        METRICS_PORT: '0',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(start.status).toBe(1);
    expect(start.stderr).toMatch(/^OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/);
  });
});
