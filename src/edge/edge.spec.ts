import { parseCidr, parseRangeFile } from './assistants.service';
import type { Request } from 'express';
import { isMcpRequest } from './cors.middleware';

describe('range files', () => {
  it('reads the OpenAI form and plain lists, keeping valid CIDRs only', () => {
    expect(
      parseRangeFile({
        creationTime: '2026-01-01',
        prefixes: [
          { ipv4Prefix: '192.0.2.0/24' },
          { ipv6Prefix: '2001:db8::/32' },
          { ipv4Prefix: 'x' },
        ],
      }),
    ).toEqual(['192.0.2.0/24', '2001:db8::/32']);
    expect(parseRangeFile(['198.51.100.0/24', '203.0.113.5'])).toEqual([
      '198.51.100.0/24',
      '203.0.113.5',
    ]);
  });

  it('refuses a file without a valid CIDR, so the last good copy stays', () => {
    expect(() => parseRangeFile({ prefixes: [] })).toThrow();
    expect(() => parseRangeFile(['nonsense'])).toThrow();
    expect(() => parseRangeFile({ something: 'else' })).toThrow();
  });

  it.each([
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/8/1',
    '2001:db8::/129',
    '10.0.0/8',
    '10.0.0.0/a',
  ])('parseCidr refuses %s', (text) => expect(parseCidr(text)).toBeUndefined());
});

describe('the MCP endpoint', () => {
  it.each([
    ['/mcp', true],
    ['/MCP//', true],
    ['/mcp?x=1', true],
    ['/mcpx', false],
    ['/mcp/x', false],
    ['/api/mcp', false],
  ])('isMcpRequest(%s) is %s', (originalUrl, expected) =>
    expect(isMcpRequest({ originalUrl } as Request)).toBe(expected),
  );
});
