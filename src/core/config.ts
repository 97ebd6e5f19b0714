import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Environment variables (docs/operations.md#configuration), parsed once into a typed, validated
 * object.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const positiveInt = (name: string, fallback: number) =>
  z
    .string()
    .regex(/^[1-9][0-9]*$/, `${name} must be a positive integer`)
    .transform(Number)
    .default(fallback);

/** A TCP port; 0 lets the system choose a free one (tests). */
const port = (name: string) =>
  z
    .string()
    .regex(/^[0-9]+$/, `${name} must be an integer from 0 to 65535`)
    .transform(Number)
    .refine((value) => value <= 65535, `${name} must be an integer from 0 to 65535`);

const commaList = z
  .string()
  .default('')
  .transform((raw) =>
    raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const httpUrl = (name: string) =>
  z
    .url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` })
    .transform((url) => url.replace(/\/+$/, ''));

/** Express `trust proxy`: a hop count, or a comma list of addresses/CIDRs (or loopback, etc.). */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): number | string[] | undefined => {
    if (raw === undefined || raw.trim() === '') return undefined;
    if (/^[0-9]+$/.test(raw.trim())) return Number(raw.trim());
    const items = raw.split(',').map((item) => item.trim());
    const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
    for (const item of items) {
      const [address, bits] = item.split('/');
      const valid =
        named.has(item) ||
        (isIP(address) !== 0 &&
          (bits === undefined ||
            (/^[0-9]+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128))));
      if (!valid) {
        ctx.addIssue({
          code: 'custom',
          message: `TRUST_PROXY: "${item}" is not a hop count, an IP address, a CIDR or loopback/linklocal/uniquelocal`,
        });
        return z.NEVER;
      }
    }
    return items;
  });

const envSchema = z.object({
  PORT: port('PORT').default(3000),
  METRICS_PORT: port('METRICS_PORT').optional(),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: httpUrl('PUBLIC_URL').optional(),
  SITE_URL: httpUrl('SITE_URL').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' })
    .optional(),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_PER_IP: positiveInt('RATE_LIMIT_PER_IP', 120),
  RATE_LIMIT_PER_ASSISTANT: positiveInt('RATE_LIMIT_PER_ASSISTANT', 600),
  MCP_ALLOWED_HOSTS: commaList,
  MCP_ALLOWED_ORIGINS: commaList,
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  REDIS_KEY_PREFIX: z.string().default('course-finder:'),
  ASSISTANT_RANGES: z.enum(['fetch', 'static']).default('fetch'),
  SHUTDOWN_DELAY_SECONDS: z
    .string()
    .regex(/^[0-9]+$/, 'SHUTDOWN_DELAY_SECONDS must be a whole number of seconds')
    .transform(Number)
    .default(0),
});

/** Two servers cannot share a port. */
const checkedEnvSchema = envSchema.refine(
  (e) => e.METRICS_PORT === undefined || e.METRICS_PORT === 0 || e.METRICS_PORT !== e.PORT,
  {
    path: ['METRICS_PORT'],
    message: 'METRICS_PORT must differ from PORT (or be 0 for a free port)',
  },
);

export class AppConfig {
  readonly port!: number;
  /**
   * Unset: `/metrics` is an operations path on PORT. Set: it is served on this port alone, and
   * never on the public one (docs/operations.md#metrics).
   */
  readonly metricsPort?: number;
  readonly host!: string;
  readonly publicUrl!: string;
  readonly siteUrl!: string;
  /** `{base_url}` of the contract (docs/api.md#addresses): the public URL plus `/api/v1`. */
  readonly baseUrl!: string;
  readonly dataDir!: string;
  readonly redisUrl?: string;
  readonly trustProxy?: number | string[];
  readonly rateLimitPerIp!: number;
  readonly rateLimitPerAssistant!: number;
  readonly mcpAllowedHosts!: string[];
  readonly mcpAllowedOrigins!: string[];
  readonly logLevel!: (typeof LOG_LEVELS)[number];
  /** Unset: readable lines on a terminal, JSON lines otherwise. */
  readonly logFormat?: 'json' | 'pretty';
  /** Prefix of every Redis key, so several deployments (or tests) can share one Redis. */
  readonly redisKeyPrefix!: string;
  /** How long `/readyz` answers 503 after SIGTERM before the server stops accepting connections. */
  readonly shutdownDelaySeconds!: number;
  /**
   * `fetch`: AI assistants' published IP range files are fetched at start and every
   * `refresh_hours`; `static`: only the CIDRs written in the assistants file count, and nothing is
   * fetched (air-gapped installs).
   */
  readonly assistantRanges!: 'fetch' | 'static';

  /** Parses the environment; throws one error listing every bad variable. */
  static fromEnv(env: Record<string, string | undefined> = process.env): AppConfig {
    const defined = Object.fromEntries(
      Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
    );
    const parsed = checkedEnvSchema.safeParse(defined);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((issue) =>
        issue.message.includes(String(issue.path[0] ?? '\u0000'))
          ? issue.message
          : `${issue.path.join('.')}: ${issue.message}`,
      );
      throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
    }
    const e = parsed.data;
    const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
    return Object.assign(new AppConfig(), {
      port: e.PORT,
      metricsPort: e.METRICS_PORT,
      host: e.HOST,
      publicUrl,
      siteUrl: e.SITE_URL ?? publicUrl,
      baseUrl: `${publicUrl}/api/v1`,
      dataDir: e.DATA_DIR,
      redisUrl: e.REDIS_URL,
      trustProxy: e.TRUST_PROXY,
      rateLimitPerIp: e.RATE_LIMIT_PER_IP,
      rateLimitPerAssistant: e.RATE_LIMIT_PER_ASSISTANT,
      mcpAllowedHosts: e.MCP_ALLOWED_HOSTS,
      mcpAllowedOrigins: e.MCP_ALLOWED_ORIGINS,
      logLevel: e.LOG_LEVEL,
      logFormat: e.LOG_FORMAT,
      redisKeyPrefix: e.REDIS_KEY_PREFIX,
      shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
      assistantRanges: e.ASSISTANT_RANGES,
    });
  }
}
