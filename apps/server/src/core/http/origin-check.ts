import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/request-auth';
import { DomainError } from '../errors/domain-error';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export interface OriginCheckOptions {
  publicOrigin: string;
  isProduction: boolean;
}

/**
 * The origins that count as ours. Issue 10 item 7: outside production, when PUBLIC_URL is a loopback
 * address, the other loopback names on the same scheme and port are the same machine and the same
 * server (someone opened http://127.0.0.1:3000 while PUBLIC_URL says localhost), not another site.
 */
export function sameSiteOrigins(options: OriginCheckOptions): Set<string> {
  const origins = new Set([options.publicOrigin]);
  const url = new URL(options.publicOrigin);
  if (!options.isProduction && LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      url.hostname = host;
      origins.add(url.origin);
    }
  }
  return origins;
}

/**
 * ARCHITECTURE.md §2 core/http, decided in docs/decisions/0001 (issue 10 items 2 and 7). Answers
 * the refusal for a write another site's page may have sent, or null:
 * - a write authenticated by a bearer token is let through: a page on another site cannot attach an
 *   Authorization header without a CORS preflight we never answer, so it is no ambient credential,
 *   even when a cookie rides along (the bearer token, not the cookie, is what authenticates it);
 * - a write that names its origin (Origin, else Referer) must name ours, cookie or not: a sign-in
 *   posted from another site would otherwise plant that site's session in the browser (login CSRF);
 * - a write that names no origin is refused only when it carries a cookie (a browser's write always
 *   names one; other clients carry no cookie and are not at risk).
 */
export function createOriginCheck(options: OriginCheckOptions): (request: FastifyRequest) => DomainError | null {
  const ours = sameSiteOrigins(options);
  const refusal = `This request came from another site and was refused. Open Guildhall at ${options.publicOrigin}.`;
  return (request) => {
    if (!UNSAFE_METHODS.has(request.method) || bearerToken(request)) return null;
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    if (origin === undefined ? !request.headers.cookie : ours.has(origin)) return null;
    return new DomainError('cross_site', refusal);
  };
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
