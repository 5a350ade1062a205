import crypto from 'node:crypto';
import { type FakeServer, type FaultPlan, createFakeApp, listenOnLoopback } from './fake-server';

/** The LINE Login channel id development and tests use unless told otherwise. */
export const FAKE_LINE_CHANNEL_ID = '2000000000';
export const FAKE_LINE_CHANNEL_TOKEN = 'fake-line-channel-token';

export interface FakeLineOptions {
  channelId?: string;
  /** The Messaging API channel access token pushes must carry. */
  channelToken?: string;
  port?: number;
}

export interface IssueIdTokenOptions {
  sub: string;
  /** The `name` claim; default 'LINE User'. null leaves it out, as LINE does without the `profile` scope. */
  name?: string | null;
  /** Seconds until expiry; negative makes an already expired token. Default 3600. */
  expiresIn?: number;
  /** The audience (channel id); default the fake's own channel. */
  aud?: string;
}

export interface FakeLinePush {
  to: string;
  messages: Array<{ type: string; text?: string }>;
}

export interface FakeLine extends FakeServer {
  channelId: string;
  channelToken: string;
  faults: FaultPlan;
  calls: string[];
  /** Messages received on the Messaging API push endpoint. */
  pushes: FakeLinePush[];
  /** An ID token as LINE would issue it to a LIFF app for this user, signed by the fake. */
  issueIdToken(options: IssueIdTokenOptions): string;
  /** A token shaped like an ID token but signed with a key LINE never used. */
  forgeIdToken(options: IssueIdTokenOptions): string;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(secret: Buffer, payload: Record<string, unknown>): string {
  const head = `${b64({ typ: 'JWT', alg: 'HS256' })}.${b64(payload)}`;
  const signature = crypto.createHmac('sha256', secret).update(head).digest('base64url');
  return `${head}.${signature}`;
}

/**
 * A local stand-in for LINE's platform APIs (ARCHITECTURE.md §2 testkit): the ID-token verify
 * endpoint (POST /oauth2/v2.1/verify, form fields id_token + client_id, answering the token's claims
 * or 400 like LINE) and the Messaging API push (POST /v2/bot/message/push with a Bearer channel
 * token). Tokens are real signed JWTs, so a forged or altered token fails here as it would at LINE.
 * POST /__fake/id-token mints a token; the server uses it only with LIFF_MOCK in development.
 */
export async function startFakeLine(options: FakeLineOptions = {}): Promise<FakeLine> {
  const channelId = options.channelId ?? FAKE_LINE_CHANNEL_ID;
  const channelToken = options.channelToken ?? FAKE_LINE_CHANNEL_TOKEN;
  const secret = crypto.randomBytes(32);
  const pushes: FakeLinePush[] = [];
  const { app, faults, calls } = createFakeApp();

  const issue = (key: Buffer, o: IssueIdTokenOptions) => {
    const iat = Math.floor(Date.now() / 1000);
    return sign(key, {
      iss: 'https://access.line.me',
      sub: o.sub,
      aud: o.aud ?? channelId,
      exp: iat + (o.expiresIn ?? 3600),
      iat,
      amr: ['linesso'],
      ...(o.name === null ? {} : { name: o.name ?? 'LINE User' }),
      picture: 'https://profile.line-scdn.net/fake',
    });
  };

  const invalid = (description: string) => ({ error: 'invalid_request', error_description: description });

  app.post('/oauth2/v2.1/verify', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    if (!body.id_token) return reply.code(400).send(invalid('id_token is required.'));
    if (!body.client_id) return reply.code(400).send(invalid('client_id is required.'));
    const parts = body.id_token.split('.');
    if (parts.length !== 3) return reply.code(400).send(invalid('Invalid IdToken.'));
    const expected = crypto.createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
    const given = Buffer.from(parts[2] ?? '', 'base64url');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      return reply.code(400).send(invalid('Invalid IdToken Signature.'));
    }
    let claims: Record<string, unknown>;
    try {
      claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    } catch {
      return reply.code(400).send(invalid('Invalid IdToken.'));
    }
    if (claims.aud !== body.client_id) return reply.code(400).send(invalid('Invalid IdToken Audience.'));
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return reply.code(400).send(invalid('IdToken expired.'));
    return claims;
  });

  app.post('/v2/bot/message/push', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${channelToken}`) {
      return reply.code(401).send({ message: 'Authentication failed due to the following reason: invalid token.' });
    }
    const body = request.body as Partial<FakeLinePush> | undefined;
    if (!body || typeof body.to !== 'string' || !Array.isArray(body.messages) || body.messages.length === 0 || body.messages.length > 5) {
      return reply.code(400).send({ message: 'The request body has 1 error(s)' });
    }
    pushes.push({ to: body.to, messages: body.messages });
    return {
      sentMessages: body.messages.map((_, i) => ({ id: String(Date.now() + i), quoteToken: crypto.randomBytes(8).toString('hex') })),
    };
  });

  // Not a LINE API: how development (LIFF_MOCK) and e2e tests obtain a token the verify endpoint accepts.
  app.post('/__fake/id-token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body.sub !== 'string' || body.sub.length === 0) return reply.code(400).send({ error: 'sub is required' });
    return {
      id_token: issue(secret, {
        sub: body.sub,
        name: typeof body.name === 'string' ? body.name : undefined,
        expiresIn: typeof body.expiresIn === 'number' ? body.expiresIn : undefined,
      }),
    };
  });

  const url = await listenOnLoopback(app, options.port);
  return {
    url,
    channelId,
    channelToken,
    faults,
    calls,
    pushes,
    issueIdToken: (o) => issue(secret, o),
    forgeIdToken: (o) => issue(crypto.randomBytes(32), o),
    close: () => app.close(),
  };
}
