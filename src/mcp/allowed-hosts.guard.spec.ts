import { parseHost } from './allowed-hosts.guard';

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
