import { json, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/**
 * The MCP endpoint speaks JSON-RPC 2.0, so a body it cannot take as a message is refused in
 * JSON-RPC's words, which its clients read (docs/mcp.md#errors), not in the REST error body.
 */

/** A JSON-RPC error for a message that cannot be read: its id is unknown, so null (JSON-RPC 2.0). */
export function jsonRpcRefusal(code: -32700 | -32600, message: string) {
  return { jsonrpc: '2.0', id: null, error: { code, message } };
}

/**
 * Express's JSON parser for the MCP endpoint, bodies up to `limit`. It refuses a body that is not
 * JSON, and in its strict mode JSON that is not an object or an array (its documented `error.body`
 * is the text it read): answered as JSON-RPC's parse error or invalid request, which a client of
 * the endpoint reads, rather than the REST error body. Its other refusals (413, 415 charsets) go on
 * to the error filter.
 */
export function jsonRpcBody(limit: string): RequestHandler {
  const parse = json({ limit });
  return (request: Request, response: Response, next: NextFunction) =>
    parse(request, response, (error?: { type?: string; body?: string }) => {
      if (error?.type !== 'entity.parse.failed') return next(error);
      response.status(400).setHeader('Cache-Control', 'no-store');
      response.json(
        isJson(error.body ?? '')
          ? jsonRpcRefusal(
              -32600,
              'Invalid Request: a message is a JSON object, or a list of them.',
            )
          : jsonRpcRefusal(-32700, 'Parse error: the body is not JSON.'),
      );
    });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
