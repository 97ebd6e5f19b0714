import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parse } from 'yaml';
import { eventually, mcpCall } from './support/edge';
import { freePort } from './support/redis';

/**
 * Supply chain: the audit gate and its exception list, the committed lockfile, and a built service
 * that runs on the production dependencies alone (what the Docker image installs).
 */

const ROOT = join(__dirname, '..');
const today = new Date().toISOString().slice(0, 10);

describe('scripts/audit.mjs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'course-finder-audit-'));
  const advisory = (severity: string, id: string) => ({
    source: 1,
    name: 'left-pad',
    dependency: 'left-pad',
    title: 'Something bad',
    url: `https://github.com/advisories/${id}`,
    severity,
    range: '<2.0.0',
  });
  const report = (...via: object[]) => ({
    auditReportVersion: 2,
    vulnerabilities: { 'left-pad': { name: 'left-pad', severity: 'high', via, effects: [] } },
  });

  function audit(reportBody: unknown, exceptions: object[] = []) {
    const reportFile = join(dir, `${Math.random()}.json`);
    const exceptionsFile = join(dir, `${Math.random()}.json`);
    writeFileSync(
      reportFile,
      typeof reportBody === 'string' ? reportBody : JSON.stringify(reportBody),
    );
    writeFileSync(exceptionsFile, JSON.stringify({ exceptions }));
    const run = spawnSync(
      'node',
      ['scripts/audit.mjs', '--report', reportFile, '--exceptions', exceptionsFile],
      { cwd: ROOT, encoding: 'utf8' },
    );
    return { code: run.status, output: `${run.stdout}${run.stderr}` };
  }

  const exception = (review_by: string) => ({
    package: 'left-pad',
    advisory: 'GHSA-aaaa-bbbb-cccc',
    reason: 'no fixed version; the vulnerable function is never called',
    review_by,
  });

  it('fails on a high or critical advisory, and names it', () => {
    for (const severity of ['high', 'critical']) {
      const { code, output } = audit(report(advisory(severity, 'GHSA-aaaa-bbbb-cccc')));
      expect(code).toBe(1);
      expect(output).toContain(`${severity}: left-pad GHSA-aaaa-bbbb-cccc`);
    }
  });

  it('passes with only low or moderate advisories', () => {
    const { code } = audit(
      report(advisory('moderate', 'GHSA-aaaa-bbbb-cccc'), advisory('low', 'GHSA-dddd-eeee-ffff')),
    );
    expect(code).toBe(0);
  });

  it('passes an advisory the exception list names, until its review date passes', () => {
    const finding = report(advisory('high', 'GHSA-aaaa-bbbb-cccc'));
    expect(audit(finding, [exception('2999-01-01')])).toMatchObject({ code: 0 });
    expect(audit(finding, [exception(today)])).toMatchObject({ code: 0 });
    const expired = audit(finding, [exception('2000-01-01')]);
    expect(expired.code).toBe(1);
    expect(expired.output).toContain('past its review date');
    // An exception for another advisory of the same package does not cover this one.
    const other = audit(report(advisory('high', 'GHSA-9999-9999-9999')), [exception('2999-01-01')]);
    expect(other.code).toBe(1);
  });

  it('skips, saying so, when the registry has no audit endpoint', () => {
    const { code, output } = audit({
      message:
        '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    });
    expect(code).toBe(0);
    expect(output).toContain('no audit endpoint');
  });

  it('the shipped exception list is well formed: every entry has a reason and a review date', () => {
    const { exceptions } = JSON.parse(readFileSync(join(ROOT, 'audit-exceptions.json'), 'utf8'));
    for (const e of exceptions) {
      expect(e).toEqual({
        package: expect.any(String),
        advisory: expect.stringMatching(/^GHSA-/),
        reason: expect.stringMatching(/\S/),
        review_by: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
    }
  });
});

describe('the lockfile', () => {
  it('is committed and records exactly the dependencies package.json declares', () => {
    const tracked = execFileSync('git', ['ls-files', 'package-lock.json'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(tracked.trim()).toBe('package-lock.json');
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(2);
    expect(lock.packages[''].dependencies).toEqual(pkg.dependencies);
    expect(lock.packages[''].devDependencies).toEqual(pkg.devDependencies);
  });
});

describe('Dependabot', () => {
  it("keeps the npm packages, the Dockerfile and the manifests' images current, weekly", () => {
    const config = parse(readFileSync(join(ROOT, '.github', 'dependabot.yml'), 'utf8')) as {
      updates: { 'package-ecosystem': string; directory: string; schedule: { interval: string } }[];
    };
    const watched = config.updates.map((u) => `${u['package-ecosystem']} ${u.directory}`);
    expect(watched).toEqual(expect.arrayContaining(['npm /', 'docker /', 'docker /deploy/base']));
    for (const update of config.updates) expect(update.schedule.interval).toBe('weekly');
  });
});

describe('the Docker image', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('installs production dependencies only, from the lockfile, into the image it runs', () => {
    const deps = stages.find((stage) => / AS deps\b/.test(stage.split('\n')[0]))!;
    expect(deps).toMatch(/^RUN npm ci --omit=dev\b/m);
    const runtime = stages.at(-1)!;
    expect(runtime).toMatch(/^COPY --from=deps\b.* \/app\/node_modules /m);
    expect(runtime).not.toMatch(/^RUN npm (ci|install)/m);
    expect(runtime).toMatch(/^USER node$/m);
  });

  describe('the built service on production dependencies alone', () => {
    let child: ChildProcess | undefined;
    afterAll(() => child?.exitCode === null && child.kill('SIGKILL'));

    it('serves every face, with tracing on, and sends its spans over OTLP/HTTP as it stops', async () => {
      // The image's layout: dist, data, package.json and node_modules holding what
      // `npm ls --omit=dev` lists. A package missing there fails to load.
      const app = mkdtempSync(join(tmpdir(), 'course-finder-prod-'));
      for (const part of ['dist', 'data', 'package.json']) {
        cpSync(join(ROOT, part), join(app, part), { recursive: true });
      }
      const listed = execFileSync('npm', ['ls', '--omit=dev', '--parseable', '--all'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      const modules = join(ROOT, 'node_modules');
      for (const path of listed.split('\n').filter(Boolean)) {
        const name = relative(modules, path);
        // Top-level packages only; nested ones come with their parent.
        if (name.startsWith('..') || name === '' || name.includes('node_modules')) continue;
        mkdirSync(dirname(join(app, 'node_modules', name)), { recursive: true });
        symlinkSync(path, join(app, 'node_modules', name));
      }

      // An OTLP/HTTP receiver on loopback: what the exporter posts, as it would to a collector.
      const exports: Array<{ path?: string; type?: string; bytes: number }> = [];
      const collector = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const type = request.headers['content-type'];
          exports.push({ path: request.url, type, bytes: Buffer.concat(chunks).length });
          response.writeHead(200, { 'Content-Type': type ?? 'application/x-protobuf' }).end();
        });
      });
      await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
      const collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

      const port = await freePort();
      const metricsPort = await freePort();
      const url = `http://127.0.0.1:${port}`;
      child = spawn('node', ['dist/main'], {
        cwd: app,
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          METRICS_PORT: String(metricsPort),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'error',
          OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = once(child, 'exit');
      // Up to 30 s: the SDK adds to the start, and CI shares two cores with other suites.
      await eventually(
        async () => (await fetch(`${url}/readyz`).catch(() => null))?.status === 200,
        300,
      );
      for (const path of [
        '/api/v1/courses',
        '/api/v1/openapi.json',
        '/api/v1/docs/',
        '/ai-seo-courses',
        '/ai-seo-courses/methodology',
      ]) {
        expect({ path, status: (await fetch(`${url}${path}`)).status }).toEqual({
          path,
          status: 200,
        });
      }
      // Metrics on their own port only.
      expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
      expect((await fetch(`${url}/metrics`)).status).toBe(404);
      const tool = await fetch(`${url}/mcp`, mcpCall('get_methodology', {}));
      expect(tool.status).toBe(200);
      expect(((await tool.json()) as any).result.structuredContent.data).toBeDefined();
      child.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
      collector.close();
      // Batched every 5 s, so sent at the stop at the latest: the drain flushes the exporter.
      expect(exports.length).toBeGreaterThan(0);
      for (const sent of exports) {
        expect(sent).toEqual({
          path: '/v1/traces',
          type: 'application/x-protobuf',
          bytes: expect.any(Number),
        });
        expect(sent.bytes).toBeGreaterThan(0);
      }
    }, 60_000);
  });
});
