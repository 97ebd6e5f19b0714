import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

/** The app's pino logger, for what writes log lines of its own (the access log). */
export const LOG = Symbol('log');

export type LogFormat = 'json' | 'pretty';

/**
 * Where lines go: JSON lines on stdout (docs/operations.md#logs), or on a terminal one readable
 * line each (`pino-pretty`). JSON is written asynchronously: lines written while a write is pending
 * go out together rather than one system call each; pino flushes what is left when the process
 * exits.
 */
function destinationFor(format: LogFormat): DestinationStream {
  if (format === 'json') return pino.destination({ dest: 1, sync: false });
  return pretty({
    colorize: process.stdout.isTTY,
    translateTime: 'HH:MM:ss',
    ignore: 'pid,hostname,context',
    messageFormat: '{if context}{context}: {end}{msg}',
    singleLine: true,
    sync: true,
  });
}

/** LOG_LEVEL sets the level; LOG_FORMAT, or a terminal on stdout, the format. */
export function createLogger(
  level: string,
  format: LogFormat | undefined,
  destination?: DestinationStream,
): Logger {
  return pino(
    { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    destination ?? destinationFor(format ?? (process.stdout.isTTY ? 'pretty' : 'json')),
  );
}

/** Nest's own start-up chatter (modules loaded, routes mapped, "successfully started"). */
const FRAMEWORK_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
  'NestMicroservice',
]);

/** Nest's own messages (start-up, `new Logger(context)` in services) as pino lines. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    // What a person starting the service does not need to read: kept at debug level.
    const context = rest.at(-1);
    this.write(
      typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context) ? 'debug' : 'info',
      message,
      rest,
    );
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
