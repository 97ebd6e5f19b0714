import { AppConfig } from './config';

describe('AppConfig.fromEnv', () => {
  it('serves everything on port 3000 with in-process defaults when nothing is set', () => {
    expect(AppConfig.fromEnv({})).toMatchObject({
      port: 3000,
      metricsPort: undefined,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      siteUrl: 'http://localhost:3000',
      baseUrl: 'http://localhost:3000/api/v1',
      dataDir: './data',
      redisUrl: undefined,
      trustProxy: undefined,
      rateLimitPerIp: 120,
      rateLimitPerAssistant: 600,
      mcpAllowedHosts: [],
      mcpAllowedOrigins: [],
      logLevel: 'info',
      assistantRanges: 'fetch',
    });
  });

  it('derives the public URL from PORT, and SITE_URL from PUBLIC_URL, without trailing slashes', () => {
    expect(AppConfig.fromEnv({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const config = AppConfig.fromEnv({ PUBLIC_URL: 'https://courses.example.com//' });
    expect(config).toMatchObject({
      publicUrl: 'https://courses.example.com',
      siteUrl: 'https://courses.example.com',
      baseUrl: 'https://courses.example.com/api/v1',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(AppConfig.fromEnv({ PORT: '', LOG_LEVEL: '' })).toMatchObject({
      port: 3000,
      logLevel: 'info',
    });
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses, CIDRs and named ranges', () => {
    expect(AppConfig.fromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(AppConfig.fromEnv({ TRUST_PROXY: '10.0.0.0/8, loopback, ::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
  });

  it('splits comma lists and trims their items', () => {
    expect(AppConfig.fromEnv({ MCP_ALLOWED_HOSTS: ' a.example , b.example:8443,' })).toMatchObject({
      mcpAllowedHosts: ['a.example', 'b.example:8443'],
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['METRICS_PORT', '9464x'],
    ['METRICS_PORT', '65536'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['RATE_LIMIT_PER_IP', '0'],
    ['RATE_LIMIT_PER_ASSISTANT', '1.5'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'everyone'],
    ['LOG_LEVEL', 'loud'],
    ['SHUTDOWN_DELAY_SECONDS', '-1'],
    ['ASSISTANT_RANGES', 'off'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => AppConfig.fromEnv({ [name]: value })).toThrow(new RegExp(name));
  });

  it('serves /metrics on PORT unless METRICS_PORT is set; 0 is a free port; never the public one', () => {
    expect(AppConfig.fromEnv({ PORT: '9464' }).metricsPort).toBeUndefined();
    expect(AppConfig.fromEnv({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(AppConfig.fromEnv({ PORT: '0', METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(() => AppConfig.fromEnv({ PORT: '9000', METRICS_PORT: '9000' })).toThrow(
      /METRICS_PORT must differ from PORT/,
    );
  });

  it('lists every bad variable at once', () => {
    expect(() => AppConfig.fromEnv({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*LOG_LEVEL/,
    );
  });
});
