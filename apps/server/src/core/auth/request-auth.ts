import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/audit-log';
import { DomainError } from '../errors/domain-error';
import type { GrantRole } from './grant-store';
import type { SchoolAccount } from './school-account-store';
import { SESSION_COOKIE, type Identity, type Session } from './session-store';

const resolved = new WeakMap<FastifyRequest, Promise<Session | null>>();
const schoolResolved = new WeakMap<FastifyRequest, Promise<{ session: Session; account: SchoolAccount | null } | null>>();

/** 002 §7: the sports API sends `Authorization: Bearer <token>`; the token is an opaque session token. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/** The session token this request carries: the bearer token first, then the cookie. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return bearerToken(request) ?? request.cookies[SESSION_COOKIE];
}

/** The signed-in session of this request (bearer token first, then the cookie), looked up once per request. */
export function currentSession(request: FastifyRequest): Promise<Session | null> {
  let pending = resolved.get(request);
  if (!pending) {
    const token = sessionToken(request);
    pending = token ? request.server.ctx.sessions.find(token) : Promise.resolve(null);
    resolved.set(request, pending);
  }
  return pending;
}

const DISCORD_SIGN_IN = 'Please sign in with Discord first.';

export async function requireDiscordSession(request: FastifyRequest): Promise<Session> {
  const session = await currentSession(request);
  if (!session || session.kind !== 'discord') throw new DomainError('unauthenticated', DISCORD_SIGN_IN);
  return session;
}

/** ARCHITECTURE.md §4: grants are enforced on the server for every call. */
export async function requireGrant(request: FastifyRequest, role: GrantRole): Promise<Session> {
  // Session and grant in one query (one round trip on PostgreSQL); the grant is always read fresh.
  const token = sessionToken(request);
  const reading = token ? request.server.ctx.sessions.findWithGrant(token, role) : Promise.resolve(null);
  // Later currentSession calls on this request reuse the session read here.
  if (!resolved.has(request)) {
    const session = reading.then((found) => found?.session ?? null);
    session.catch(() => undefined);
    resolved.set(request, session);
  }
  const found = await reading;
  if (!found || found.session.kind !== 'discord') throw new DomainError('unauthenticated', DISCORD_SIGN_IN);
  if (!found.granted) throw new DomainError('forbidden', `This needs the ${role} permission.`);
  return found.session;
}

/**
 * A school-account session (002) with its current account; the role is read fresh, never from the
 * session. Session and account come from one joined query (SessionStore.findWithSchoolAccount).
 */
export async function requireSchoolSession(request: FastifyRequest): Promise<{ session: Session; account: SchoolAccount }> {
  let found = schoolResolved.get(request);
  if (!found) {
    const token = sessionToken(request);
    found = token ? request.server.ctx.sessions.findWithSchoolAccount(token) : Promise.resolve(null);
    schoolResolved.set(request, found);
    // Later currentSession calls on this request reuse this read. A failed read rejects for them
    // too, but must not count as unhandled when nobody asks.
    if (!resolved.has(request)) {
      const session = found.then((f) => f?.session ?? null);
      session.catch(() => undefined);
      resolved.set(request, session);
    }
  }
  const result = await found;
  if (!result || result.session.kind !== 'school') throw new DomainError('unauthenticated', 'Please log in with your student ID first.');
  if (!result.account) throw new DomainError('unauthenticated', 'This account no longer exists. Please log in again.');
  return { session: result.session, account: result.account };
}

/**
 * Whether our cookies carry `Secure`: when the public address is HTTPS, read from its origin, which
 * the URL parser lower-cases. PUBLIC_URL is kept as written, and `HTTPS://guild.example` passes its
 * check, so testing that text for 'https://' set the session cookie without Secure, and a browser
 * would then send it over plain HTTP to anyone on the path.
 */
export function cookiesAreSecure(config: { publicOrigin: string }): boolean {
  return config.publicOrigin.startsWith('https:');
}

/**
 * Starts a session for the identity and sets the HttpOnly, SameSite cookie. Answers the token (bearer
 * clients use it). Always a new token, never one the browser brought (no session fixation), and the
 * session this browser had is ended: the new cookie replaces it, so nothing could use it again.
 */
export async function signIn(request: FastifyRequest, reply: FastifyReply, identity: Identity): Promise<string> {
  const { sessions, config } = request.server.ctx;
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await sessions.delete(previous);
  const { token, expiresAt } = await sessions.create(identity);
  // Issue 12 item 7: every sign-in (Discord, the development sign-in, school accounts) in the audit log.
  await recordAudit(
    request.server.ctx.database.db,
    request.server.ctx.now,
    { kind: identity.kind, id: identity.subject, address: request.ip },
    {
      action: 'sign_in',
      target: identity.displayName,
    },
  );
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookiesAreSecure(config),
    expires: new Date(expiresAt),
  });
  return token;
}

/** Ends the request's session (or `token`, one this reply has just made) and clears the cookie. */
export async function signOut(request: FastifyRequest, reply: FastifyReply, token = sessionToken(request)): Promise<void> {
  if (token) await request.server.ctx.sessions.delete(token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
