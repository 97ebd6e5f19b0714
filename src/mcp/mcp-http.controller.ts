import {
  All,
  Controller,
  Inject,
  Post,
  Req,
  Res,
  UnsupportedMediaTypeException,
  UseGuards,
} from '@nestjs/common';
import { MCP_HTTP_HANDLER, type McpHttpHandler } from '@rekog/mcp-nest';
import type { Request, Response } from 'express';
import { jsonRpcRefusal } from '../core/json-rpc';
import { AppConfig } from '../core/config';
import { DomainError } from '../core/domain-error';
import { AllowedHostsGuard } from './allowed-hosts.guard';
import { nestsDeeperThan } from '../core/json-value';
import { invalidParamsResponse, MAX_MESSAGE_DEPTH } from './request-check';
import { MCP_PATH } from '../core/paths';

/**
 * `/mcp` as an ordinary Nest route, so the global guards, interceptors and filters (rate limit,
 * CORS, error shape) apply to it as to the REST API. Stateless Streamable HTTP: POST only.
 * Refusals at the HTTP level (403, 405, 413, 415) use the contract's error body; a body that is
 * JSON but no JSON-RPC message the service reads is a JSON-RPC error (docs/mcp.md#errors).
 */
@Controller(MCP_PATH.slice(1))
@UseGuards(AllowedHostsGuard)
export class McpHttpController {
  private readonly browserPage: string;

  constructor(
    @Inject(MCP_HTTP_HANDLER) private readonly mcp: McpHttpHandler,
    config: AppConfig,
  ) {
    this.browserPage = browserPage(`${config.publicUrl}${MCP_PATH}`);
  }

  @Post()
  post(@Req() request: Request, @Res() response: Response): Promise<void> | void {
    if (!request.is('application/json')) throw new UnsupportedMediaTypeException();
    const refusal = invalidParamsResponse(request.body, request.headers);
    if (refusal) {
      response.status(200).json(refusal);
      return;
    }
    // Deeper than any message, and no request in it to answer: not read at all.
    if (nestsDeeperThan(request.body, MAX_MESSAGE_DEPTH)) {
      const message = `Invalid request: the message nests deeper than ${MAX_MESSAGE_DEPTH} levels.`;
      response.status(400).setHeader('Cache-Control', 'no-store');
      response.json(jsonRpcRefusal(-32600, message));
      return;
    }
    return this.mcp.handlePost(request, response);
  }

  /**
   * Stateless: no SSE stream to GET and no session to DELETE; 405 (the transport says so), with a
   * page saying what the endpoint is for a browser that opens it. A CORS preflight gets 204.
   */
  @All()
  other(@Req() request: Request, @Res({ passthrough: true }) response: Response): string | void {
    if (request.method === 'OPTIONS') {
      response.status(204);
      return;
    }
    response.setHeader('Allow', 'POST, OPTIONS');
    if (request.method === 'GET') {
      response.vary('Accept');
      if (request.accepts(['application/json', 'text/html']) === 'text/html') {
        response.status(405).setHeader('Cache-Control', 'no-store');
        response.type('text/html; charset=utf-8');
        return this.browserPage;
      }
    }
    throw new DomainError(
      'method_not_allowed',
      'The MCP endpoint is stateless Streamable HTTP: send JSON-RPC messages with POST.',
    );
  }
}

/** `mcpUrl` comes from PUBLIC_URL, a URL the config parsed: a URL's text holds no `<`, `>` or `"`. */
function browserPage(mcpUrl: string): string {
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Course Finder MCP endpoint</title>
<h1>Course Finder MCP endpoint</h1>
<p>This address is for AI assistants, not for browsers: it speaks the Model Context Protocol
(Streamable HTTP, JSON-RPC messages sent with POST).</p>
<p>To connect an assistant, add a remote MCP server with the URL <code>${mcpUrl}</code>.
No sign-in or key is needed; every tool is read-only.</p>
<p><a href="/">Course Finder</a></p>
</html>
`;
}
