import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { callUpstream, type UpstreamAnswer } from '../http/call-upstream';
import type { LineTokenCache } from './line-token-cache';

export interface LineVerifierOptions {
  /** LINE's API base, e.g. https://api.line.me (the testkit fake in tests and LIFF-mock development). */
  baseUrl: string;
  /** The LINE Login channel id the LIFF app belongs to: the token's audience. */
  channelId: string;
  timeoutMs: number;
  now?: () => number;
  /** Tokens this process already verified (issue 17 item 4); without it every call asks LINE. */
  cache?: LineTokenCache;
}

export interface LineIdentity {
  /** The LINE user id (the token's `sub`). */
  userId: string;
  name: string | null;
}

// LINE's answer to POST /oauth2/v2.1/verify: the ID token's claims.
const VerifiedClaims = z.object({
  iss: z.string(),
  sub: z.string().min(1).max(64),
  aud: z.string(),
  exp: z.number(),
  name: z.string().optional(),
});

const MAX_TOKEN_LENGTH = 4096;

/**
 * ARCHITECTURE.md §4: the mini-app sends liff.getIDToken(); LINE's verify endpoint checks signature,
 * audience and expiry, and we trust only its answer. The claims are checked again here (issuer,
 * audience, expiry) so a misbehaving proxy cannot hand us another channel's user. A refused token is
 * 401; LINE being unreachable is 502, never "signed in". With a `cache`, a token verified before is
 * answered from it until its `exp` (issue 17 item 4); only a verified token is ever stored.
 */
export async function verifyLineIdToken(options: LineVerifierOptions, idToken: string): Promise<LineIdentity> {
  if (!idToken || idToken.length > MAX_TOKEN_LENGTH) throw new DomainError('unauthenticated', 'Please sign in with LINE again.');
  const clock = options.now ?? Date.now;
  const cached = options.cache?.get(idToken, clock());
  if (cached) return cached;
  let response: UpstreamAnswer;
  try {
    response = await callUpstream(`${options.baseUrl}/oauth2/v2.1/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id_token: idToken, client_id: options.channelId }).toString(),
      timeoutMs: options.timeoutMs,
    });
  } catch {
    throw new DomainError('upstream_failed', 'LINE could not be reached to confirm who you are. Please try again.');
  }
  if (response.status === 400 || response.status === 401) {
    const body = response.json() as { error_description?: unknown } | null;
    const expired = typeof body?.error_description === 'string' && /expired/i.test(body.error_description);
    throw new DomainError(
      'unauthenticated',
      expired ? 'Your LINE sign-in has expired. Please reopen the app.' : 'Your LINE sign-in could not be verified. Please reopen the app.',
    );
  }
  if (!response.ok) throw new DomainError('upstream_failed', 'LINE could not confirm who you are right now. Please try again.');
  const claims = VerifiedClaims.safeParse(response.json());
  if (!claims.success) throw new DomainError('upstream_failed', 'LINE answered in a way we did not understand.');
  const expiresAt = claims.data.exp * 1000;
  if (claims.data.iss !== 'https://access.line.me' || claims.data.aud !== options.channelId || expiresAt <= clock()) {
    throw new DomainError('unauthenticated', 'Your LINE sign-in could not be verified. Please reopen the app.');
  }
  const identity = { userId: claims.data.sub, name: claims.data.name ?? null };
  options.cache?.set(idToken, identity, expiresAt);
  return identity;
}

/** The ID token of a request: `Authorization: Bearer <token>`; missing is 401. */
export function bearerIdToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ') || header.length <= 7) {
    throw new DomainError('unauthenticated', 'Please open this page from LINE and sign in.');
  }
  return header.slice(7).trim();
}
