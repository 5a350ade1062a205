import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { ZodError } from 'zod';
import type { ErrorDefinition, ErrorDetails } from '@guildhall/contracts/core';
import { DomainError } from '../errors/domain-error';
import { ERROR_TABLE, type ErrorCode } from './error-table';
import { describeZodError } from './parse-input';
import { createOriginCheck } from './origin-check';

export interface HttpCoreOptions {
  publicOrigin: string;
  isProduction: boolean;
}

/** The security headers (helmet's defaults plus our CSP), the same on every response. */
export function helmetOptions(options: Pick<HttpCoreOptions, 'isProduction'>): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: options.isProduction ? [] : null,
      },
    },
    // HSTS only makes sense behind HTTPS, which a production deployment is expected to have.
    strictTransportSecurity: options.isProduction,
    // helmet's default, no-referrer, makes Chromium send `Origin: null` on our own form posts (the
    // sign-out forms, issue 10 item 2), which the Origin check must refuse. same-origin still sends
    // nothing to other sites.
    referrerPolicy: { policy: 'same-origin' },
  };
}

/**
 * The headers @fastify/helmet sets for these options. The plugin builds helmet's whole middleware
 * (option checks, CSP serialisation) on every request in two hooks; with static options (no nonces,
 * no per-request directive functions) its headers are static too, so they are asked for once, from
 * the plugin itself on a throwaway instance, and set by one cheap hook (ARCHITECTURE.md §7).
 */
export async function securityHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false });
  let headers: Array<[string, string]> = [];
  await probe.register(helmet, options);
  probe.get('/', async (_request, reply) => {
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : String(value),
    ]);
    return '';
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!headers.some(([name]) => name === 'content-security-policy')) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}

/**
 * ARCHITECTURE.md §2 core/http: the error shape, security headers, and the Origin check on
 * cookie-authenticated writes.
 */
export async function registerHttpCore(app: FastifyInstance, options: HttpCoreOptions): Promise<void> {
  const headers = await securityHeaders(helmetOptions(options));
  const refuseCrossSite = createOriginCheck(options);

  // One synchronous hook for every request (ARCHITECTURE.md §7: the public checker is measured
  // against a bare route): helmet's headers, then the Origin check.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i]![0], headers[i]![1]);
    // A form or fetch from another site must not ride on a signed-in person's cookie, nor plant a
    // session of its own (origin-check.ts says which writes are checked and why).
    done(refuseCrossSite(request) ?? undefined);
  });

  // Decision 0017: every error answer is `{error, code}`, its status looked up in ERROR_TABLE.
  app.setErrorHandler((error: FastifyError | DomainError | ZodError, request, reply) => {
    const answer = (
      code: ErrorCode,
      sentence: string = ERROR_TABLE[code].sentence,
      status: number = ERROR_TABLE[code].status,
      details?: ErrorDetails,
    ) => {
      // A code that is worth retrying later says when (decision 0022): the printer's queue, an outage.
      const entry: ErrorDefinition = ERROR_TABLE[code];
      if (entry.retryAfterSeconds) reply.header('retry-after', String(entry.retryAfterSeconds));
      return reply.code(status).send(details ? { error: sentence, code, details } : { error: sentence, code });
    };
    if (error instanceof DomainError) return answer(error.code, error.message, undefined, error.details);
    if (error instanceof ZodError) return answer('invalid_input', describeZodError(error));
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = clientErrorCode(error as FastifyError);
      return answer(code, code === 'client_error' ? error.message : undefined, status);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return answer('database_unavailable');
    }
    request.log.error({ err: error }, 'unhandled error');
    return answer('internal');
  });
}

// 001 §8 'Database not initialized.': an outage is the server's state, not a bug, so it answers 503
// and the pages can say so. Connection failures (network codes; PostgreSQL class 08, 57P0x shutdowns,
// 53300 too many connections) and SQLite's busy, locked, cannot-open, I/O and disk-full errors.
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return DATABASE_DOWN_CODES.has(code) || code.startsWith('08') || /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL)/.test(code);
}

/** Fastify's own refusals (parsers, limits) by our codes; any other keeps Fastify's status and sentence. */
function clientErrorCode(error: FastifyError): ErrorCode {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'invalid_json';
    default:
      return error.statusCode === 429 ? 'rate_limited' : 'client_error';
  }
}
