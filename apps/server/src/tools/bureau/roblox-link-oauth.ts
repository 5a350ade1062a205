import crypto from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, generateCodeVerifier, generateState } from 'arctic';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { VERIFY_FAILURES, type VerifyCallbackQuery, type VerifyFailure } from '@guildhall/contracts/bureau';
import type { Config } from '@server/config';
import { DomainError } from '@server/core/errors/domain-error';
import { callUpstream } from '@server/core/http/call-upstream';
import { cookiesAreSecure } from '@server/core/auth/request-auth';

/** Where Roblox sends the browser back; registered with the Roblox OAuth app as PUBLIC_URL + this. */
export const ROBLOX_CALLBACK_PATH = '/bureau/verify/roblox/callback';
const COOKIE = 'gh_roblox_link';
const Pending = z.object({ state: z.string(), verifier: z.string(), discordId: z.string() });
const UserInfo = z.object({ sub: z.string().regex(/^\d{1,20}$/), preferred_username: z.string().optional() });

function clientOf(config: Config): OAuth2Client {
  if (!config.ROBLOX_OAUTH_CLIENT_ID || !config.ROBLOX_OAUTH_CLIENT_SECRET) throw new DomainError('bureau.roblox_link_off');
  return new OAuth2Client(config.ROBLOX_OAUTH_CLIENT_ID, config.ROBLOX_OAUTH_CLIENT_SECRET, config.publicUrl + ROBLOX_CALLBACK_PATH);
}

/**
 * Issue 14 item 1: sends a signed-in member to Roblox's authorize page (authorization code with PKCE
 * S256, scopes openid and profile). The state, verifier and Discord ID wait in a short cookie that
 * only the callback path receives.
 */
export function beginRobloxLink(request: FastifyRequest, reply: FastifyReply, discordId: string): FastifyReply {
  const { config } = request.server.ctx;
  const client = clientOf(config);
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = client.createAuthorizationURLWithPKCE(
    `${config.ROBLOX_OAUTH_BASE_URL}/v1/authorize`,
    state,
    CodeChallengeMethod.S256,
    verifier,
    ['openid', 'profile'],
  );
  reply.setCookie(COOKIE, JSON.stringify({ state, verifier, discordId }), {
    path: ROBLOX_CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'lax',
    // As the session cookie's: PUBLIC_URL's scheme may be written in capitals (request-auth.ts).
    secure: cookiesAreSecure(config),
    maxAge: 600,
  });
  return reply.redirect(url.toString());
}

/**
 * The callback: the state must match the cookie (used once), the Discord ID must be the session's,
 * then the code is traded with the verifier and userinfo names the Roblox account (`sub`). Answers
 * the Roblox ID, or null when the member cancelled.
 */
export async function finishRobloxLink(
  request: FastifyRequest,
  reply: FastifyReply,
  query: z.infer<typeof VerifyCallbackQuery>,
  discordId: string,
): Promise<string | null> {
  const { config } = request.server.ctx;
  const client = clientOf(config);
  const raw = request.cookies[COOKIE];
  reply.clearCookie(COOKIE, { path: ROBLOX_CALLBACK_PATH });
  if (query.error !== undefined) return null;
  let pending: z.infer<typeof Pending> | null = null;
  try {
    pending = raw ? Pending.parse(JSON.parse(raw)) : null;
  } catch {
    pending = null;
  }
  const state = Buffer.from(query.state ?? '');
  if (!pending || pending.discordId !== discordId || !sameBytes(Buffer.from(pending.state), state) || !query.code)
    throw new RobloxLinkFailed('sign_in_failed', 'link_expired');
  let accessToken: string;
  try {
    const tokens = await client.validateAuthorizationCode(`${config.ROBLOX_OAUTH_BASE_URL}/v1/token`, query.code, pending.verifier);
    accessToken = tokens.accessToken();
  } catch (error) {
    if (error instanceof OAuth2RequestError) throw new RobloxLinkFailed('sign_in_failed', 'code_refused');
    throw new RobloxLinkFailed('upstream_failed', 'roblox_unreachable');
  }
  const answer = await callUpstream(`${config.ROBLOX_OAUTH_BASE_URL}/v1/userinfo`, {
    headers: { authorization: `Bearer ${accessToken}` },
    timeoutMs: config.LOOKUP_TIMEOUT_MS,
  }).catch(() => null);
  const info = answer?.ok ? UserInfo.safeParse(answer.json()) : null;
  if (!info?.success) throw new RobloxLinkFailed('upstream_failed', 'account_unknown');
  return info.data.sub;
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** A link that failed for a reason the verify page names by its key (VERIFY_FAILURES), never by a sentence in the address. */
export class RobloxLinkFailed extends DomainError {
  constructor(
    code: 'sign_in_failed' | 'upstream_failed',
    readonly failure: VerifyFailure,
  ) {
    super(code, VERIFY_FAILURES[failure]);
  }
}
