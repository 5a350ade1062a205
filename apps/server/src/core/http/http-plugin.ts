import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { ZodError } from 'zod';
import type { ErrorDefinition, ErrorDetails } from '@guildhall/contracts/core';
import { isDatabaseUnavailable } from '../db/is-database-unavailable';
import { DomainError } from '../errors/domain-error';
import { ERROR_TABLE, type ErrorCode } from './error-table';
import { describeZodError } from './parse-input';
import { createOriginCheck } from './origin-check';

export interface HttpCoreOptions {
  publicOrigin: string;
  isProduction: boolean;
}

/** The security headers of a document (helmet's defaults plus our CSP); answers carry fewer (decision 0040). */
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

// Decision 0040: what an answer that is no document needs. A JSON answer runs no script, loads nothing
// and is never a page to frame, so of helmet's document headers it keeps the ones that still protect
// data (no MIME sniffing, no cross-origin reads, HTTPS only) and a CSP that allows nothing at all.
const ANSWER_HEADER_NAMES = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);
const ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The headers of every answer (decision 0040): helmet's that apply to data, and a CSP allowing nothing. */
function answerHeaders(documentHeaders: Array<[string, string]>): Array<[string, string]> {
  return [...documentHeaders.filter(([name]) => ANSWER_HEADER_NAMES.has(name)), ['content-security-policy', ANSWER_CSP]];
}

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/**
 * Decision 0010, amended by 0040: the security headers, computed once. Every answer (event streams
 * included) gets the data headers when its request arrives; anything that is not JSON (pages, scripts,
 * images, PDFs, files, text) may be shown as a document, so it gets all of helmet's as it is sent, their
 * CSP replacing the data one. A route's own header (an uploaded file's sandbox CSP) is set on the reply
 * and still wins. bench/checker-reference.ts carries the same hooks when asked to.
 */
export async function addSecurityHeaders(app: FastifyInstance, options: Pick<HttpCoreOptions, 'isProduction'>): Promise<void> {
  const documentHeaders = await securityHeaders(helmetOptions(options));
  const everyAnswer = answerHeaders(documentHeaders);
  // Synchronous hooks with plain loops (ARCHITECTURE.md §7: the public checker is measured against a bare route).
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < everyAnswer.length; i++) raw.setHeader(everyAnswer[i]![0], everyAnswer[i]![1]);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!isJson(reply.getHeader('content-type'))) {
      const raw = reply.raw;
      for (let i = 0; i < documentHeaders.length; i++) raw.setHeader(documentHeaders[i]![0], documentHeaders[i]![1]);
    }
    done(null, payload);
  });
}

/**
 * ARCHITECTURE.md §2 core/http: the error shape, security headers, and the Origin check on
 * cookie-authenticated writes.
 */
export async function registerHttpCore(app: FastifyInstance, options: HttpCoreOptions): Promise<void> {
  // First, so a refused request's answer carries them too.
  await addSecurityHeaders(app, options);
  const refuseCrossSite = createOriginCheck(options);
  // A form or fetch from another site must not ride on a signed-in person's cookie, nor plant a
  // session of its own (origin-check.ts says which writes are checked and why).
  app.addHook('onRequest', (request, _reply, done) => done(refuseCrossSite(request) ?? undefined));

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
