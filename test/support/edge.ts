import { Controller, Get, Header, Module } from '@nestjs/common';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { copyOfData, type TestApp } from './app';

/** A route that returns a string with its own content type and is not rate limited. */
export const STUB_PAGE = '/test-stub/page.md';
export const STUB_MARKDOWN = '# Stub page\n\nPlain text, sent as is.\n';

/** A route whose handler counts its calls, with a body large enough to be compressed. */
export const COUNTED = { path: '/test-stub/counted.json', calls: 0 };

@Controller()
class StubController {
  @Get(STUB_PAGE.slice(1))
  @Header('Content-Type', 'text/markdown; charset=utf-8')
  page(): string {
    return STUB_MARKDOWN;
  }

  @Get(COUNTED.path.slice(1))
  counted(): object {
    COUNTED.calls++;
    return { words: Array.from({ length: 500 }, (_, i) => `word ${i}`) };
  }
}

@Module({ controllers: [StubController] })
export class EdgeStubsModule {}

/** A JSON-RPC request for the real `/mcp`. */
export function mcpRequest(
  method: string,
  params: Record<string, unknown> = {},
  id = 1,
): RequestInit {
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  };
}

/** A JSON-RPC `tools/call` request for the real `/mcp`. */
export function mcpCall(name: string, args: Record<string, unknown>, id = 1): RequestInit {
  return mcpRequest('tools/call', { name, arguments: args }, id);
}

/** A JSON log line, parsed: pino's level (30 info, 40 warn, 50 error), message and fields. */
export interface LogEntry {
  level: number;
  msg: string;
  [field: string]: any;
}

/** Collects the app's JSON log lines. */
export function logCapture(): {
  stream: Writable;
  lines: () => string[];
  entries: () => LogEntry[];
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const lines = () => chunks.join('').split('\n').filter(Boolean);
  return { stream, lines, entries: () => lines().map((line) => JSON.parse(line) as LogEntry) };
}

/** Which store counts the app's rate limits, as its `/metrics` says. */
export const countingIn = async (t: TestApp): Promise<'redis' | 'memory'> =>
  /^rate_limit_store\{store="redis"\} 1$/m.test(await (await fetch(t.metricsUrl)).text())
    ? 'redis'
    : 'memory';

/**
 * Resolves once every app counts in Redis. A replica starts without waiting for Redis, and on a busy
 * machine its first connection can take longer than the start waits for it.
 */
export const allInRedis = (apps: TestApp[]) =>
  eventually(async () => (await Promise.all(apps.map(countingIn))).every((s) => s === 'redis'));

/** Polls until `check` holds; throws after `attempts` tries. */
export async function eventually(check: () => Promise<boolean>, attempts = 100): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error('condition not reached');
}

/**
 * Resolves once the service at `url` is ready (`/readyz` 200), however long its start takes on a
 * loaded machine (the test's own timeout bounds it); rejects if its process exits first.
 */
export async function whenReady(url: string, exited: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`the service at ${url} exited before it was ready`);
    if ((await fetch(`${url}/readyz`).catch(() => undefined))?.status === 200) return;
    await sleep(100);
  }
}

/**
 * A private copy of the data whose only AI assistant is `testbot` (user agent `TestBot-User`), with
 * its ranges at the given URLs (local test servers) plus optional static CIDRs.
 */
export function dataWithTestAssistant(rangeUrls: string[], cidrs: string[] = []): string {
  // The history holds the courses and the methodology: an edit of the assistants keeps it true.
  const dir = copyOfData({ history: true });
  const file = join(dir, 'assistants.json');
  const assistants = JSON.parse(readFileSync(file, 'utf8'));
  assistants.assistants = [
    { name: 'testbot', user_agent_tokens: ['TestBot-User'], range_urls: rangeUrls, cidrs },
    // Another assistant, with no ranges: its token from testbot's ranges verifies neither.
    { name: 'otherbot', user_agent_tokens: ['OtherBot-User'], range_urls: [], cidrs: [] },
  ];
  writeFileSync(file, JSON.stringify(assistants));
  return dir;
}
