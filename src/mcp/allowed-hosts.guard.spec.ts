import { parseHost, RebindingPolicy } from './allowed-hosts.guard';

const policy = new RebindingPolicy({
  publicUrl: 'https://api.coursefinder.example',
  siteUrl: 'https://www.coursefinder.example',
  mcpAllowedHosts: ['internal.svc', 'pinned.example:8443', '[fd00::1]'],
  mcpAllowedOrigins: ['https://app.partner.example/', 'HTTPS://Tools.Partner.Example:8443'],
});

describe('parseHost', () => {
  it.each([
    ['example.com', { hostname: 'example.com' }],
    ['Example.COM:8080', { hostname: 'example.com', port: '8080' }],
    ['[::1]:3000', { hostname: '[::1]', port: '3000' }],
    ['[::1]', { hostname: '[::1]' }],
  ])('%s', (value, expected) => expect(parseHost(value)).toEqual(expected));

  it.each(['', 'a:b:c', 'user@example.com', 'example.com/path', 'example.com:', '::1'])(
    'refuses %j',
    (value) => expect(parseHost(value)).toBeUndefined(),
  );
});

describe('RebindingPolicy', () => {
  it.each([
    'api.coursefinder.example',
    'api.coursefinder.example:443',
    'localhost',
    'localhost:3000',
    '127.0.0.1:49152',
    '[::1]:3000',
    'internal.svc:8080',
    'pinned.example:8443',
    '[fd00::1]:80',
  ])('accepts Host %s without Origin', (host) => {
    expect(policy.refusal(host, undefined)).toBeUndefined();
  });

  it.each([
    undefined,
    '',
    'evil.example',
    'api.coursefinder.example.evil.example',
    'www.coursefinder.example',
    'pinned.example',
    'pinned.example:8444',
    '127.0.0.2',
  ])('refuses Host %s', (host) => {
    expect(policy.refusal(host, undefined)).toMatch(/Host/);
  });

  it.each([
    'https://www.coursefinder.example',
    'https://api.coursefinder.example',
    'https://app.partner.example',
    'https://tools.partner.example:8443',
  ])('accepts Origin %s', (origin) => {
    expect(policy.refusal('localhost', origin)).toBeUndefined();
  });

  it.each([
    'https://evil.example',
    'http://www.coursefinder.example',
    'https://www.coursefinder.example:8443',
    'null',
    '',
    'https://tools.partner.example',
  ])('refuses Origin %j', (origin) => {
    expect(policy.refusal('localhost', origin)).toMatch(/Origin/);
  });
});
