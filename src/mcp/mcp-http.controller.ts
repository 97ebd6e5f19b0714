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
import { DomainError } from '../core/domain-error';
import { AllowedHostsGuard } from './allowed-hosts.guard';
import { nestsDeeperThan } from '../core/json-depth';
import { invalidParamsResponse, MAX_MESSAGE_DEPTH } from './request-check';
import { MCP_PATH } from '../core/paths';

/**
 * `/mcp` as an ordinary Nest route, so the global guards, interceptors and filters (rate limit,
 * CORS, error shape) apply to it as to the REST API. Stateless Streamable HTTP: POST only.
 * HTTP-level refusals (403, 405, 415, 400) use the contract's error body; JSON-RPC errors inside a
 * response are the protocol's own.
 */
@Controller(MCP_PATH.slice(1))
@UseGuards(AllowedHostsGuard)
export class McpHttpController {
  constructor(@Inject(MCP_HTTP_HANDLER) private readonly mcp: McpHttpHandler) {}

  @Post()
  post(@Req() request: Request, @Res() response: Response): Promise<void> | void {
    if (!request.is('application/json')) throw new UnsupportedMediaTypeException();
    // Express's JSON parser has run; anything but a JSON-RPC object or batch is unreadable here.
    if (typeof request.body !== 'object' || request.body === null) {
      throw new DomainError('bad_request', 'The request body must be a JSON-RPC message.');
    }
    const refusal = invalidParamsResponse(request.body, request.headers);
    if (refusal) {
      response.status(200).json(refusal);
      return;
    }
    // Deeper than any message, and no request in it to answer: not read at all.
    if (nestsDeeperThan(request.body, MAX_MESSAGE_DEPTH)) {
      throw new DomainError(
        'bad_request',
        `The JSON-RPC message nests deeper than ${MAX_MESSAGE_DEPTH} levels.`,
      );
    }
    return this.mcp.handlePost(request, response);
  }

  /** Stateless: no SSE stream to GET and no session to DELETE. A CORS preflight gets 204. */
  @All()
  other(@Req() request: Request, @Res({ passthrough: true }) response: Response): void {
    if (request.method === 'OPTIONS') {
      response.status(204);
      return;
    }
    response.setHeader('Allow', 'POST, OPTIONS');
    throw new DomainError(
      'method_not_allowed',
      'The MCP endpoint is stateless Streamable HTTP: send JSON-RPC messages with POST.',
    );
  }
}
