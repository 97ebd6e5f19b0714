import { parseCidr, parseRangeFile } from './assistants.service';
import { BoundedMap } from './bounded-map';
import type { Request } from 'express';
import { isMcpRequest } from './cors.middleware';
import { ifNoneMatchMatches } from './representation';

describe('ifNoneMatchMatches (RFC 9110 §13.1.2)', () => {
  const tag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x",W/"abc" , "y"', true],
    ['*', true],
    [' * ', true],
    ['"abcd"', false],
    ['"ab"', false],
    ['abc', false],
    ['', false],
    ['"x", "y"', false],
  ])('%s → %s', (header, expected) => {
    expect(ifNoneMatchMatches(header, tag)).toBe(expected);
  });

  it('no header never matches', () => {
    expect(ifNoneMatchMatches(undefined, tag)).toBe(false);
  });

  it('a tag holding a comma is one tag', () => {
    expect(ifNoneMatchMatches('"a,b"', '"a,b"')).toBe(true);
    expect(ifNoneMatchMatches('"a,b"', '"a"')).toBe(false);
  });
});

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

describe('BoundedMap', () => {
  it('forgets the oldest entries beyond its capacity', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });

  it('forgets the oldest entries once their weights exceed the budget', () => {
    const map = new BoundedMap<string, string>(100, 10, (key, value) => key.length + value.length);
    map.set('a', 'xxxx').set('b', 'xxxx');
    expect(map.weight).toBe(10);
    map.set('c', 'xx');
    expect([...map.keys()]).toEqual(['b', 'c']);
    expect(map.weight).toBe(8);
  });

  it('counts a replaced entry once, and never holds an entry heavier than the budget', () => {
    const map = new BoundedMap<string, string>(100, 10, (key, value) => key.length + value.length);
    map.set('a', 'xxxx').set('a', 'xx');
    expect(map.weight).toBe(3);
    map.set('big', 'x'.repeat(20));
    expect(map.has('big')).toBe(false);
    map.delete('a');
    expect(map.weight).toBe(0);
  });
});
