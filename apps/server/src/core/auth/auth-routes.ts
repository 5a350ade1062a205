import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DevSignInRequest, DiscordLoginQuery, type MeAnswer, ReturnToQuery } from '@guildhall/contracts';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../http/parse-input';
import { DiscordSignInFailed, beginDiscordLogin, finishDiscordLogin } from './discord-oauth';
import { currentSession, signIn, signOut } from './request-auth';
import { safeReturnTo } from './safe-return-to';
import { renderDevSignInPage } from './dev-sign-in-page';

const CALLBACK_PATH = '/auth/discord/login';

/** Sign-in routes shared by every Discord tool (bureau staff pages, the records tool). */
export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  const signInLimit = { rateLimit: { max: config.RATE_LIMIT_SIGN_IN_PER_MINUTE, timeWindow: '1 minute' } };

  app.get(CALLBACK_PATH, { config: signInLimit }, async (request, reply) => {
    const query = parseInput(DiscordLoginQuery, request.query);
    if (query.code === undefined && query.state === undefined && query.error === undefined) {
      return beginDiscordLogin(request, reply, { callbackPath: CALLBACK_PATH, returnTo: safeReturnTo(query.returnTo) });
    }
    // Decision 0054: Discord sends the browser here, so a sign-in that did not finish goes back to the
    // page it started from with the reason's key (the web shows our sentence and a "Try again"),
    // never to a page of JSON. Only a caller that asks for JSON gets the `{error, code}` answer.
    try {
      return reply.redirect(await finishDiscordLogin(request, reply, CALLBACK_PATH, query));
    } catch (error) {
      if (!(error instanceof DiscordSignInFailed) || wantsJson(request)) throw error;
      request.log.info({ failure: error.failure, code: error.code }, 'discord sign-in did not finish');
      return reply.redirect(error.redirectTarget);
    }
  });

  // Issue 10 item 2: only a POST ends the session, so it passes core/http's Origin check; a GET
  // (a link or an image on any site) would let every other site log people out.
  app.post('/auth/logout', async (request, reply) => {
    await signOut(request, reply);
    return reply.redirect(safeReturnTo(parseInput(ReturnToQuery, request.query).returnTo));
  });

  app.get('/auth/api/me', async (request): Promise<MeAnswer> => {
    const session = await currentSession(request);
    if (!session) return { identity: null, devSignIn: config.devSignIn };
    const grants = session.kind === 'discord' ? await app.ctx.grants.rolesOf(session.subject) : [];
    return {
      identity: { kind: session.kind, subject: session.subject, displayName: session.displayName, avatar: session.avatar, grants },
      devSignIn: config.devSignIn,
    };
  });

  // ARCHITECTURE.md §4: the development sign-in exists only when config allows it, which it never
  // does in production (config.ts refuses to start); unregistered, its paths answer 404.
  if (!config.devSignIn) return;
  const { demoPeople } = await import('@guildhall/testkit/demo-data');

  app.get('/auth/dev', async (request, reply) => {
    const returnTo = safeReturnTo(parseInput(ReturnToQuery, request.query).returnTo);
    return reply.type('text/html; charset=utf-8').send(renderDevSignInPage(demoPeople, returnTo));
  });

  app.post('/auth/dev', { config: signInLimit }, async (request, reply) => {
    const body = parseInput(DevSignInRequest, request.body);
    const person = demoPeople.find((p) => p.key === body.identity);
    if (!person) throw new DomainError('invalid_input', 'identity: unknown demo identity');
    await signIn(request, reply, { kind: 'discord', subject: person.discord.id, displayName: person.discord.username, avatar: null });
    return reply.redirect(safeReturnTo(body.returnTo));
  });
}

/**
 * A script's fetch, not a browser's navigation: the fetch metadata says so (Sec-Fetch-Mode other than
 * "navigate"), or, without it, the caller accepts JSON and not HTML. Anything else is taken for a
 * browser, whose every navigation accepts text/html.
 */
function wantsJson(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (typeof mode === 'string' && mode !== '') return mode !== 'navigate';
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}
