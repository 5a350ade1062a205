import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type LogCall = (...args: unknown[]) => void;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * Issue 17 item 2 (decision 0040): Fastify gives every request a child logger bound to its request id,
 * and a pino child costs its bindings serialised and its methods set up, on every request. Most
 * requests never write a line of their own (the request line is written by the app's logger with the
 * id in it, log-format.ts), so the child is made on the first line that needs it: a request that does
 * log (a warning, an error) writes exactly what the child would have, request id included.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;
  declare fatal: LogCall;
  declare error: LogCall;
  declare warn: LogCall;
  declare info: LogCall;
  declare debug: LogCall;
  declare trace: LogCall;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

// On the prototype, so a request makes nothing but the one small object; each call passes its
// arguments on as they came, since pino reads how many there are (format strings).
for (const level of LEVELS) {
  LazyRequestLogger.prototype[level] = function (this: LazyRequestLogger, ...args: unknown[]) {
    const logger = this.logger;
    (logger[level] as LogCall).apply(logger, args);
  };
}

/** Fastify's `childLoggerFactory` (app.ts): the request's logger, made when first written to. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings, options);
