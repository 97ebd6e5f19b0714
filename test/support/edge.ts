import { Controller, Get, Header, Module } from '@nestjs/common';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/** A route that returns a string with its own content type and is not rate limited. */
export const STUB_PAGE = '/test-stub/page.md';
export const STUB_MARKDOWN = '# Stub page\n\nPlain text, sent as is.\n';

@Controller()
class StubController {
  @Get(STUB_PAGE.slice(1))
  @Header('Content-Type', 'text/markdown; charset=utf-8')
  page(): string {
    return STUB_MARKDOWN;
  }
}

@Module({ controllers: [StubController] })
export class EdgeStubsModule {}

/** A JSON-RPC `tools/call` request for the real `/mcp`. */
export function mcpCall(name: string, args: Record<string, unknown>, id = 1): RequestInit {
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-06-18',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  };
}

/** Collects the app's JSON log lines. */
export function logCapture(): { stream: Writable; lines: () => string[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, lines: () => chunks.join('').split('\n').filter(Boolean) };
}

/** Polls until `check` holds; throws after `attempts` tries. */
export async function eventually(check: () => Promise<boolean>, attempts = 100): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error('condition not reached');
}
