import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';

/** The app's pino logger, for what writes log lines of its own (the access log). */
export const LOG = Symbol('log');

/** JSON lines through pino (decisions §11); LOG_LEVEL sets the level. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    // Asynchronous: lines written while a write is pending go out together (a synchronous write
    // per request cost a quarter of the throughput). pino flushes what is left when the process exits.
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** Nest's own messages (start-up, `new Logger(context)` in services) as pino lines. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** Nest passes the context last, and for errors a stack before it. */
  private write(level: pino.Level, message: unknown, rest: unknown[]): void {
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const stack = level === 'error' && rest.length > 1 ? rest[0] : undefined;
    const fields = { context, ...(typeof stack === 'string' ? { stack } : {}) };
    if (message instanceof Error) this.logger[level]({ ...fields, err: message }, message.message);
    else
      this.logger[level](fields, typeof message === 'string' ? message : JSON.stringify(message));
  }
}
