import crypto from 'node:crypto';
import { type FakeServer, type FaultPlan, createFakeApp, listenOnLoopback } from './fake-server';
import type { DiscordUserRecord } from './factories';

export interface FakeDiscordOptions {
  clientId?: string;
  clientSecret?: string;
  botToken?: string;
  users?: DiscordUserRecord[];
  port?: number;
}

export interface FakeDiscord extends FakeServer {
  clientId: string;
  clientSecret: string;
  botToken: string;
  users: Map<string, DiscordUserRecord>;
  faults: FaultPlan;
  /** Every request path the fake answered, for assertions on what production code called. */
  calls: string[];
  /** Direct messages the bot sent (POST /channels/{id}/messages on a DM channel), oldest first. */
  dms: FakeDirectMessage[];
  /** Users who do not accept DMs from the bot: sending to them answers 403, code 50007, as Discord does. */
  closedDms: Set<string>;
}

export interface FakeDirectMessage {
  channelId: string;
  recipientId: string;
  content: string;
  /** The request's allowed_mentions, to check that a message cannot ping anyone. */
  allowedMentions: unknown;
}

interface IssuedCode {
  userId: string;
  redirectUri: string;
  codeChallenge: string | null;
  used: boolean;
}

/** The image the fake CDN answers for every avatar: a 1x1 PNG. */
export const FAKE_AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A local stand-in for Discord: OAuth2 authorize (with a consent page that lets the person or the
 * test pick a user), the token endpoint with PKCE and single-use codes, /users/@me and /users/{id}.
 */
export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const botToken = options.botToken ?? 'fake-bot-token';
  const users = new Map((options.users ?? []).map((u) => [u.id, u]));
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, string>();
  const { app, faults, calls } = createFakeApp();

  app.get('/oauth2/authorize', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (q.client_id !== clientId) return reply.code(400).send({ error: 'invalid_client' });
    if (q.response_type !== 'code') return reply.code(400).send({ error: 'unsupported_response_type' });
    if (!q.redirect_uri) return reply.code(400).send({ error: 'invalid_request', error_description: 'redirect_uri' });
    if (!(q.scope ?? '').split(' ').includes('identify')) return reply.code(400).send({ error: 'invalid_scope' });
    if (q.as) {
      if (!users.has(q.as)) return reply.code(400).send({ error: 'unknown test user' });
      const code = crypto.randomBytes(12).toString('hex');
      codes.set(code, {
        userId: q.as,
        redirectUri: q.redirect_uri,
        codeChallenge: q.code_challenge_method === 'S256' ? (q.code_challenge ?? null) : null,
        used: false,
      });
      const target = new URL(q.redirect_uri);
      target.searchParams.set('code', code);
      if (q.state) target.searchParams.set('state', q.state);
      return reply.redirect(target.toString());
    }
    // The consent page: one button per known user, like Discord's "Authorize" screen.
    const base = new URLSearchParams(q as Record<string, string>);
    const buttons = [...users.values()]
      .map((u) => {
        const params = new URLSearchParams(base);
        params.set('as', u.id);
        return `<li><a class="authorize" data-user-id="${u.id}" href="/oauth2/authorize?${escapeHtml(params.toString())}">Authorize as ${escapeHtml(u.username)}</a></li>`;
      })
      .join('');
    const cancel = new URL(q.redirect_uri);
    cancel.searchParams.set('error', 'access_denied');
    if (q.state) cancel.searchParams.set('state', q.state);
    return reply
      .type('text/html')
      .send(
        `<!doctype html><title>Fake Discord</title><h1>Fake Discord: authorize</h1><ul>${buttons}</ul><a href="${escapeHtml(cancel.toString())}">Cancel</a>`,
      );
  });

  app.post('/api/oauth2/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const basic = request.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(request.headers.authorization.slice(6), 'base64').toString().split(':')
      : [body.client_id, body.client_secret];
    if (decodeURIComponent(basic[0] ?? '') !== clientId || decodeURIComponent(basic[1] ?? '') !== clientSecret) {
      return reply.code(401).send({ error: 'invalid_client' });
    }
    if (body.grant_type !== 'authorization_code') return reply.code(400).send({ error: 'unsupported_grant_type' });
    const issued = body.code ? codes.get(body.code) : undefined;
    if (!issued || issued.used) return reply.code(400).send({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    issued.used = true;
    if (issued.redirectUri !== body.redirect_uri)
      return reply.code(400).send({ error: 'invalid_grant', error_description: 'Invalid "redirect_uri" in request.' });
    if (issued.codeChallenge) {
      const expected = crypto
        .createHash('sha256')
        .update(body.code_verifier ?? '')
        .digest('base64url');
      if (expected !== issued.codeChallenge)
        return reply.code(400).send({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
    }
    const accessToken = crypto.randomBytes(16).toString('hex');
    accessTokens.set(accessToken, issued.userId);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: crypto.randomBytes(16).toString('hex'),
      scope: 'identify',
    };
  });

  const me = async (
    request: { headers: Record<string, string | string[] | undefined> },
    reply: { code(n: number): { send(b: unknown): unknown } },
  ) => {
    const auth = String(request.headers.authorization ?? '');
    const userId = auth.startsWith('Bearer ') ? accessTokens.get(auth.slice(7)) : undefined;
    const user = userId ? users.get(userId) : undefined;
    if (!user) return reply.code(401).send({ message: '401: Unauthorized', code: 0 });
    return user;
  };
  app.get('/api/users/@me', me);
  app.get('/api/v10/users/@me', me);

  app.get('/api/v10/users/:id', async (request, reply) => {
    if (request.headers.authorization !== `Bot ${botToken}`) return reply.code(401).send({ message: '401: Unauthorized', code: 0 });
    const { id } = request.params as { id: string };
    const user = users.get(id);
    if (!user) return reply.code(404).send({ message: 'Unknown User', code: 10013 });
    return user;
  });

  // Issue 13 item 5: a bot's DM. Open (or reuse) the DM channel with POST /users/@me/channels
  // {recipient_id}, then POST /channels/{channel.id}/messages {content}. Both need the bot token.
  const dms: FakeDirectMessage[] = [];
  const closedDms = new Set<string>();
  const dmChannels = new Map<string, string>();
  app.post('/api/v10/users/@me/channels', async (request, reply) => {
    if (request.headers.authorization !== `Bot ${botToken}`) return reply.code(401).send({ message: '401: Unauthorized', code: 0 });
    const recipient = String((request.body as { recipient_id?: unknown } | null)?.recipient_id ?? '');
    const user = users.get(recipient);
    if (!user) return reply.code(400).send({ message: 'Invalid Recipient(s)', code: 50033 });
    const channelId = `dm-${recipient}`;
    dmChannels.set(channelId, recipient);
    return { id: channelId, type: 1, recipients: [user] };
  });
  app.post('/api/v10/channels/:id/messages', async (request, reply) => {
    if (request.headers.authorization !== `Bot ${botToken}`) return reply.code(401).send({ message: '401: Unauthorized', code: 0 });
    const { id } = request.params as { id: string };
    const recipientId = dmChannels.get(id);
    if (!recipientId) return reply.code(404).send({ message: 'Unknown Channel', code: 10003 });
    if (closedDms.has(recipientId)) return reply.code(403).send({ message: 'Cannot send messages to this user', code: 50007 });
    const body = (request.body ?? {}) as { content?: unknown; allowed_mentions?: unknown };
    const content = typeof body.content === 'string' ? body.content : '';
    if (!content || content.length > 2000) return reply.code(400).send({ message: 'Invalid Form Body', code: 50035 });
    dms.push({ channelId: id, recipientId, content, allowedMentions: body.allowed_mentions });
    return { id: crypto.randomBytes(8).toString('hex'), channel_id: id, content };
  });

  // Discord's CDN (issue 13 item 8): /avatars/{user id}/{avatar hash}.png answers a small PNG for a
  // user whose avatar is that hash; the test points DISCORD_CDN_BASE_URL here.
  app.get('/avatars/:id/:file', async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    const user = users.get(id);
    if (!user?.avatar || file !== `${user.avatar}.png`) return reply.code(404).send({ message: '404: Not Found', code: 0 });
    return reply.type('image/png').send(FAKE_AVATAR_PNG);
  });

  const url = await listenOnLoopback(app, options.port);
  return { url, clientId, clientSecret, botToken, users, faults, calls, dms, closedDms, close: () => app.close() };
}
