import crypto from 'node:crypto';
import { type FakeServer, type FaultPlan, createFakeApp, listenOnLoopback } from './fake-server';
import type { RobloxUserRecord } from './factories';

export interface FakeRoblox extends FakeServer {
  users: Map<string, RobloxUserRecord>;
  /** Issue 14 item 1: the OAuth 2.0 app our server is registered as (ROBLOX_OAUTH_CLIENT_ID/SECRET). */
  oauth: { clientId: string; clientSecret: string };
  faults: FaultPlan;
  calls: string[];
}

/** A local stand-in for the Roblox users API (GET /v1/users/{id}). */
export async function startFakeRoblox(
  options: { users?: RobloxUserRecord[]; port?: number; oauth?: { clientId: string; clientSecret: string } } = {},
): Promise<FakeRoblox> {
  const users = new Map((options.users ?? []).map((u) => [u.id, u]));
  const oauth = options.oauth ?? { clientId: 'fake-roblox-client', clientSecret: 'fake-roblox-secret' };
  const { app, faults, calls } = createFakeApp();
  addOAuth(app, users, oauth);
  app.get('/v1/users/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const user = users.get(id);
    if (!user)
      return reply.code(404).send({ errors: [{ code: 3, message: 'The user id is invalid.', userFacingMessage: 'Something went wrong' }] });
    return {
      description: '',
      created: user.created,
      isBanned: user.isBanned,
      externalAppDisplayName: null,
      hasVerifiedBadge: false,
      id: Number(user.id),
      name: user.name,
      displayName: user.displayName,
    };
  });
  const url = await listenOnLoopback(app, options.port);
  return { url, users, oauth, faults, calls, close: () => app.close() };
}

/**
 * Issue 14 item 1: Roblox's OAuth 2.0 (https://apis.roblox.com/oauth/...): authorize (a consent page
 * with one link per user, or `as=<userId>` to approve at once), token (authorization code with PKCE
 * S256) and userinfo (`sub` is the Roblox user id; scopes openid and profile).
 */
function addOAuth(
  app: ReturnType<typeof createFakeApp>['app'],
  users: Map<string, RobloxUserRecord>,
  oauth: { clientId: string; clientSecret: string },
): void {
  const codes = new Map<string, { userId: string; redirectUri: string; challenge: string; used: boolean }>();
  const tokens = new Map<string, string>();
  app.get('/oauth/v1/authorize', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (q.client_id !== oauth.clientId) return reply.code(400).send({ error: 'invalid_client' });
    if (q.response_type !== 'code' || !q.redirect_uri) return reply.code(400).send({ error: 'invalid_request' });
    const scopes = (q.scope ?? '').split(' ');
    if (!scopes.includes('openid') || !scopes.includes('profile')) return reply.code(400).send({ error: 'invalid_scope' });
    if (q.code_challenge_method !== 'S256' || !q.code_challenge)
      return reply.code(400).send({ error: 'invalid_request', error_description: 'PKCE' });
    if (q.as) {
      if (!users.has(q.as)) return reply.code(400).send({ error: 'unknown test user' });
      const code = crypto.randomBytes(12).toString('hex');
      codes.set(code, { userId: q.as, redirectUri: q.redirect_uri, challenge: q.code_challenge, used: false });
      const target = new URL(q.redirect_uri);
      target.searchParams.set('code', code);
      if (q.state) target.searchParams.set('state', q.state);
      return reply.redirect(target.toString());
    }
    const base = new URLSearchParams(q as Record<string, string>);
    const links = [...users.values()]
      .map((u) => {
        const params = new URLSearchParams(base);
        params.set('as', u.id);
        return `<li><a class="authorize" data-user-id="${u.id}" href="/oauth/v1/authorize?${params.toString().replace(/&/g, '&amp;')}">Authorize as ${u.name.replace(/[<>&"]/g, '')}</a></li>`;
      })
      .join('');
    return reply.type('text/html').send(`<!doctype html><title>Fake Roblox</title><h1>Fake Roblox: authorize</h1><ul>${links}</ul>`);
  });
  app.post('/oauth/v1/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const basic = request.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(request.headers.authorization.slice(6), 'base64').toString().split(':')
      : [body.client_id, body.client_secret];
    if (decodeURIComponent(basic[0] ?? '') !== oauth.clientId || decodeURIComponent(basic[1] ?? '') !== oauth.clientSecret)
      return reply.code(401).send({ error: 'invalid_client' });
    const issued = body.code ? codes.get(body.code) : undefined;
    if (body.grant_type !== 'authorization_code' || !issued || issued.used || issued.redirectUri !== body.redirect_uri)
      return reply.code(400).send({ error: 'invalid_grant' });
    issued.used = true;
    if (
      crypto
        .createHash('sha256')
        .update(body.code_verifier ?? '')
        .digest('base64url') !== issued.challenge
    )
      return reply.code(400).send({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
    const accessToken = crypto.randomBytes(16).toString('hex');
    tokens.set(accessToken, issued.userId);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: 900, scope: 'openid profile' };
  });
  app.get('/oauth/v1/userinfo', async (request, reply) => {
    const auth = String(request.headers.authorization ?? '');
    const user = users.get(tokens.get(auth.replace(/^Bearer /, '')) ?? '');
    if (!user) return reply.code(401).send({ error: 'invalid_token' });
    return {
      sub: user.id,
      name: user.displayName,
      nickname: user.displayName,
      preferred_username: user.name,
      created_at: Math.floor(Date.parse(user.created) / 1000),
      profile: `https://www.roblox.com/users/${user.id}/profile`,
    };
  });
}
