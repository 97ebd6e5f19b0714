/**
 * Errors the services throw. They know nothing of HTTP or MCP: the HTTP exception filter and the MCP
 * tool adapter each map a code to their transport.
 */
export type ErrorCode =
  | 'not_found'
  | 'invalid_parameters'
  | 'invalid_answers'
  | 'forbidden'
  | 'rate_limited'
  | 'method_not_allowed'
  | 'bad_request'
  | 'internal_error';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toBody(): { error: { code: ErrorCode; message: string; details?: Record<string, unknown> } } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}
