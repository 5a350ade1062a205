import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DiscordLoginQuery } from '@guildhall/contracts';
import { SIGN_IN_FAILURE_PARAM, SIGN_IN_FAILURES, type SignInFailure } from '@guildhall/contracts/sign-in';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { callUpstream } from '../http/call-upstream';
import { cookiesAreSecure, signIn } from './request-auth';
import { safeReturnTo } from './safe-return-to';

/**
 * Decision 0056: each pending sign-in has a cookie of its own, so sign-ins started in several tabs
 * can all finish; five of them bound the Cookie header a callback receives.
 */
const PENDING_COOKIES = ['gh_oauth', 'gh_oauth_2', 'gh_oauth_3', 'gh_oauth_4', 'gh_oauth_5'];

/**
 * What a pending sign-in's cookie may take, its name and attributes aside: browsers keep 4,096 bytes a
 * cookie, and the five slots arrive together in one Cookie header, which proxies limit too (nginx: one
 * 8 KB line). A return path that would take more goes home.
 */
const MAX_PENDING_COOKIE = 1500;

// A sign-in started before startedAt was kept counts as the oldest, so it still finishes.
const PendingLogin = z.object({ state: z.string(), verifier: z.string(), returnTo: z.string(), startedAt: z.number().default(0) });
type PendingLogin = z.infer<typeof PendingLogin>;

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
  const { config, now } = request.server.ctx;
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
  // A free slot first (the earliest, so a lone sign-in keeps the name `gh_oauth`); with all five held,
  // the sign-in started longest ago gives way, as the one likeliest to have been abandoned.
  const startedAt = (slot: PendingSlot) => slot.pending?.startedAt ?? -Infinity;
  const slot = pendingSlots(request).reduce((oldest, next) => (startedAt(next) < startedAt(oldest) ? next : oldest));
  const pending: PendingLogin = { state, verifier, returnTo, startedAt: now() };
  // A browser drops a cookie over 4,096 bytes, and the sign-in then always ended as expired: a return
  // path that would make the cookie that long (its slashes and escapes are escaped again) goes home.
  if (encodeURIComponent(JSON.stringify(pending)).length > MAX_PENDING_COOKIE) pending.returnTo = '/';
  reply.setCookie(slot.name, JSON.stringify(pending), {
    path: options.callbackPath,
    httpOnly: true,
    sameSite: 'lax',
    // As the session cookie's: PUBLIC_URL's scheme may be written in capitals (request-auth.ts).
    secure: cookiesAreSecure(config),
    maxAge: 600,
  });
  return reply.redirect(url.toString());
}

/**
 * Finishes the login Discord sent back (its query parsed by the route, DiscordLoginQuery): finds the
 * pending sign-in whose state the callback carries (once: its cookie is cleared whatever happens, so a
 * replayed callback fails; other tabs' sign-ins are left to finish), trades the code with the PKCE
 * verifier, reads /users/@me, and starts our own session.
 * Answers the path to return to. A sign-in that does not finish throws DiscordSignInFailed, which
 * names the reason by its key and still carries the path the person came from (decision 0054).
 */
export async function finishDiscordLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  callbackPath: string,
  query: DiscordLoginQuery,
): Promise<string> {
  const { config } = request.server.ctx;
  if (!config.discordOAuth) throw new DomainError('not_configured', 'Discord sign-in is not configured on this server.');
  const state = query.state ?? '';
  const slot = pendingSlots(request).find(({ pending }) => pending !== null && timingSafeEqual(pending.state, state));
  if (slot) reply.clearCookie(slot.name, { path: callbackPath });
  const pending = slot?.pending ?? null;
  // Read before any check, so a failure still goes back where the person came from (home when no
  // pending sign-in has this state). The cookie is ours, but whoever holds the browser can edit it:
  // checked again here, as on success.
  const returnTo = safeReturnTo(pending?.returnTo);
  const failed = (code: 'sign_in_failed' | 'upstream_failed', failure: SignInFailure) => new DiscordSignInFailed(code, failure, returnTo);
  if (query.error !== undefined) throw failed('sign_in_failed', 'cancelled');
  if (!pending) throw failed('sign_in_failed', 'expired');
  if (!query.code || query.code.length > 512) throw failed('sign_in_failed', 'expired');

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
    if (error instanceof OAuth2RequestError) throw failed('sign_in_failed', 'refused');
    request.log.warn({ err: error }, 'discord token exchange failed');
    throw failed('upstream_failed', 'unreachable');
  }
  const me = await callUpstream(`${config.DISCORD_BASE_URL}/api/users/@me`, {
    headers: { authorization: `Bearer ${accessToken}` },
    timeoutMs: config.LOOKUP_TIMEOUT_MS,
  }).catch(() => null);
  if (!me || !me.ok) throw failed('upstream_failed', 'unreachable');
  const user = DiscordMe.safeParse(me.json());
  if (!user.success) {
    request.log.warn('discord /users/@me answered off its documented shape');
    throw failed('upstream_failed', 'unreachable');
  }
  await signIn(request, reply, {
    kind: 'discord',
    subject: user.data.id,
    displayName: user.data.username,
    avatar: user.data.avatar ?? null,
  });
  return returnTo;
}

/**
 * A Discord sign-in that did not finish, named by its key (SIGN_IN_FAILURES), with the checked path
 * the person started from. The route turns it into a redirect for a browser; a caller asking for
 * JSON gets the usual `{error, code}` with the same sentence.
 */
export class DiscordSignInFailed extends DomainError {
  constructor(
    code: 'sign_in_failed' | 'upstream_failed',
    readonly failure: SignInFailure,
    readonly returnTo: string,
  ) {
    super(code, SIGN_IN_FAILURES[failure]);
  }

  /** `returnTo` with `signin=<key>` added (its own query and fragment kept): where the browser goes back to. */
  get redirectTarget(): string {
    const url = new URL(this.returnTo, 'http://return-to.invalid');
    url.searchParams.set(SIGN_IN_FAILURE_PARAM, this.failure);
    return `${url.pathname}${url.search}${url.hash}`;
  }
}

interface PendingSlot {
  name: string;
  pending: PendingLogin | null;
}

function pendingSlots(request: FastifyRequest): PendingSlot[] {
  return PENDING_COOKIES.map((name) => ({ name, pending: readPending(request.cookies[name]) }));
}

function readPending(raw: string | undefined): PendingLogin | null {
  if (raw === undefined) return null;
  try {
    return PendingLogin.parse(JSON.parse(raw));
  } catch {
    return null;
  }
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
