import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DiscordLoginQuery } from '@guildhall/contracts';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { callUpstream } from '../http/call-upstream';
import { signIn } from './request-auth';
import { safeReturnTo } from './safe-return-to';

const OAUTH_COOKIE = 'gh_oauth';

const PendingLogin = z.object({ state: z.string(), verifier: z.string(), returnTo: z.string() });

const DiscordMe = z.object({
  id: z.string(),
  username: z.string(),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
});

export interface DiscordLoginOptions {
  /** The path Discord sends the browser back to; it must be registered with the Discord app. */
  callbackPath: string;
  returnTo: string;
}

/**
 * Sends the browser to Discord's authorize page (identify scope, state + PKCE, 000 §2), or to the
 * development sign-in page when no Discord app is configured outside production.
 */
export async function beginDiscordLogin(request: FastifyRequest, reply: FastifyReply, options: DiscordLoginOptions): Promise<FastifyReply> {
  const { config } = request.server.ctx;
  const returnTo = safeReturnTo(options.returnTo);
  if (!config.discordOAuth) {
    if (config.devSignIn) return reply.redirect(`/auth/dev?returnTo=${encodeURIComponent(returnTo)}`);
    throw new DomainError('not_configured', 'Discord sign-in is not configured on this server.');
  }
  // Issue 17 item 6: arctic (ESM only) is loaded by the first sign-in, not at start-up.
  const { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } = await import('arctic');
  const state = generateState();
  const verifier = generateCodeVerifier();
  const client = new OAuth2Client(config.discordOAuth.clientId, config.discordOAuth.clientSecret, config.publicUrl + options.callbackPath);
  const url = client.createAuthorizationURLWithPKCE(
    `${config.DISCORD_BASE_URL}/oauth2/authorize`,
    state,
    CodeChallengeMethod.S256,
    verifier,
    ['identify'],
  );
  reply.setCookie(OAUTH_COOKIE, JSON.stringify({ state, verifier, returnTo }), {
    path: options.callbackPath,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: 600,
  });
  return reply.redirect(url.toString());
}

/**
 * Finishes the login Discord sent back (its query parsed by the route, DiscordLoginQuery): checks
 * the state against the cookie (once: the cookie is cleared whatever happens, so a replayed callback
 * fails), trades the code with the PKCE verifier, reads /users/@me, and starts our own session.
 * Answers the path to return to.
 */
export async function finishDiscordLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  callbackPath: string,
  query: DiscordLoginQuery,
): Promise<string> {
  const { config } = request.server.ctx;
  if (!config.discordOAuth) throw new DomainError('not_configured', 'Discord sign-in is not configured on this server.');
  const raw = request.cookies[OAUTH_COOKIE];
  reply.clearCookie(OAUTH_COOKIE, { path: callbackPath });
  if (query.error !== undefined) throw new DomainError('sign_in_failed', 'Discord sign-in was cancelled.');
  let pending: z.infer<typeof PendingLogin> | null = null;
  try {
    pending = raw ? PendingLogin.parse(JSON.parse(raw)) : null;
  } catch {
    pending = null;
  }
  const state = query.state ?? '';
  if (!pending || !timingSafeEqual(pending.state, state)) {
    throw new DomainError('sign_in_failed', 'This sign-in link has expired or was not started here. Please try signing in again.');
  }
  if (!query.code || query.code.length > 512) throw new DomainError('sign_in_failed', 'Discord did not send a sign-in code.');

  const { OAuth2Client, OAuth2RequestError } = await import('arctic');
  const client = new OAuth2Client(config.discordOAuth.clientId, config.discordOAuth.clientSecret, config.publicUrl + callbackPath);
  let accessToken: string;
  try {
    // arctic's token request has no time limit of its own; a hung Discord must not hang the sign-in.
    const tokens = await withTimeout(
      client.validateAuthorizationCode(`${config.DISCORD_BASE_URL}/api/oauth2/token`, query.code, pending.verifier),
      config.LOOKUP_TIMEOUT_MS,
    );
    accessToken = tokens.accessToken();
  } catch (error) {
    if (error instanceof OAuth2RequestError)
      throw new DomainError('sign_in_failed', 'Discord refused this sign-in code (it may have been used already). Please try again.');
    request.log.warn({ err: error }, 'discord token exchange failed');
    throw new DomainError('upstream_failed', 'Discord could not be reached. Please try again.');
  }
  const me = await callUpstream(`${config.DISCORD_BASE_URL}/api/users/@me`, {
    headers: { authorization: `Bearer ${accessToken}` },
    timeoutMs: config.LOOKUP_TIMEOUT_MS,
  }).catch(() => null);
  if (!me || !me.ok) throw new DomainError('upstream_failed', 'Discord did not tell us who you are. Please try again.');
  const user = DiscordMe.safeParse(me.json());
  if (!user.success) throw new DomainError('upstream_failed', 'Discord answered in a way we did not understand.');
  await signIn(request, reply, {
    kind: 'discord',
    subject: user.data.id,
    displayName: user.data.username,
    avatar: user.data.avatar ?? null,
  });
  // The cookie is ours, but whoever holds the browser can edit it: checked again on the way out.
  return safeReturnTo(pending.returnTo);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function timingSafeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
