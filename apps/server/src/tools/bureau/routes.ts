import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AddCaseNoteRequest,
  AmendCaseRequest,
  BOT_API_BASE,
  CaseParams,
  CreateCaseRequest,
  type HistoryActor,
  VerifyCallbackQuery,
  VerifyClaimApproveRequest,
  VerifyClaimParams,
  BOT_API_LEGACY_BASE,
  BotAddInfractionRequest,
  BotBanParams,
  BotBanWriteParams,
  BotInfractionParams,
  BotPairParams,
  BotPairWriteParams,
  BotSetBanRequest,
  BotUpsertPairRequest,
  CheckStatusQuery,
  DocumentParams,
  PersonLookupQuery,
  type HistoryAnswer,
  HistoryQuery,
  PersonInfractionsParams,
  SearchRecordsQuery,
  UserDetailsQuery,
} from '@guildhall/contracts/bureau';
import { apiKeyLimitKeyOf } from '@server/core/auth/api-keys';
import { currentSession, requireDiscordSession, requireGrant, sessionToken } from '@server/core/auth/request-auth';
import { DomainError } from '@server/core/errors/domain-error';
import { watchAccess } from '@server/core/auth/watch-access';
import { parseInput } from '@server/core/http/parse-input';
import { rateLimitCountsOnSuccess } from '@server/core/http/rate-limit-counts';
import { makeBureauDeps } from './bureau-deps';
import type { Session } from '@server/core/auth/session-store';
import { addCaseNote } from './add-case-note';
import { addInfraction } from './add-infraction';
import { amendCase } from './amend-case';
import { expireCase } from './expire-case';
import { defineCaseExpiryJob } from './lift-expired-ban';
import { openCase } from './open-case';
import { hasBannedPair, linkRobloxAccount } from './link-roblox-account';
import { ROBLOX_CALLBACK_PATH, RobloxLinkFailed, beginRobloxLink, finishRobloxLink } from './roblox-link-oauth';
import { decideVerifyClaim, listVerifyClaims, verifyStatus } from './verify-claims';
import { buildBotOpenApi } from './bot-api-openapi';
import { listHistory } from './bureau-history';
import { requireBotCaseKey, requireBotKey } from './require-bot-key';
import { checkVerificationStatus } from './check-verification-status';
import { withCaseVisibility } from './checker-case-visibility';
import { clearRobloxBan } from './clear-roblox-ban';
import { deleteVerifiedPair } from './delete-verified-pair';
import { generateRecordDocument } from './generate-record-document';
import { getUserDetails } from './get-user-details';
import { listPersonInfractions } from './list-person-infractions';
import { lookUpPerson } from './look-up-person';
import { removeInfraction } from './remove-infraction';
import { searchRegistryPairs } from './search-registry-pairs';
import { setRobloxBan } from './set-roblox-ban';
import { streamRegistryChanges } from './stream-registry-changes';
import { upsertVerifiedPair } from './upsert-verified-pair';
import { clientLimitKey } from '@server/core/http/rate-limit-key';

/** The bureau grant: 001 §6 shows no login, but these are personal records (ARCHITECTURE.md §1, §4). */
const STAFF = 'bureau-staff';

export async function registerBureauRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  const deps = makeBureauDeps(app.ctx);
  const writeDeps = { ...deps, registry: app.ctx.registry, jobs: app.ctx.jobs };
  // Issue 14 item 2: a temporary ban lifts itself when its case expires.
  defineCaseExpiryJob(writeDeps);

  // 001 §2 Status checker: public, so rate limited per client.
  app.get(
    '/bureau/api/check-status',
    // Decision 0036: the answer is a few hundred bytes, below the compression threshold, so the route
    // skips @fastify/compress's three hooks; security headers and the rate limit stay.
    { config: { rateLimit: { max: config.RATE_LIMIT_PUBLIC_PER_MINUTE, timeWindow: '1 minute' }, compress: false, decompress: false } },
    async (request) => withCaseVisibility(deps, await checkVerificationStatus(app.ctx, parseInput(CheckStatusQuery, request.query))),
  );

  // --- Records tool (001 §2 "Records tool", "Infraction lookup page"): bureau staff only. ---

  app.get('/bureau/api/records', async (request) => {
    await requireGrant(request, STAFF);
    return searchRegistryPairs(deps, parseInput(SearchRecordsQuery, request.query));
  });

  const streams = new Set<() => void>();
  // Open event streams would hold the server's close; end them first.
  app.addHook('preClose', async () => {
    for (const stop of streams) stop();
  });
  app.get('/bureau/api/records/events', async (request, reply) => {
    const session = await requireGrant(request, STAFF);
    reply.hijack();
    const stop = streamRegistryChanges(app.ctx, reply.raw);
    // Issue 10 item 3: the stream ends when its session ends or the grant is revoked; the page's
    // reconnect is then refused like any other call.
    const unwatch = watchAccess(app.ctx, { token: sessionToken(request)!, session, role: STAFF }, stop);
    streams.add(stop);
    reply.raw.on('close', () => {
      streams.delete(stop);
      unwatch();
    });
  });

  // 001 §7 "Lookup worker": query parameters discordId and robloxId, as the spec names them.
  app.get('/bureau/api/user-details', async (request) => {
    await requireGrant(request, STAFF);
    return getUserDetails(app.ctx, parseInput(UserDetailsQuery, request.query));
  });

  // 001 §2 "Infraction lookup page": one person's accounts and infractions on both platforms, on screen.
  app.get('/bureau/api/records/:discordId/infractions', async (request) => {
    await requireGrant(request, STAFF);
    return listPersonInfractions({ ...app.ctx, log: request.log }, parseInput(PersonInfractionsParams, request.params));
  });

  // 001 §2 "Printable document": registration or infraction record, '{type}_{robloxUsername}.pdf'.
  app.get('/bureau/api/records/:discordId/documents/:type', async (request, reply) => {
    await requireGrant(request, STAFF);
    const params = parseInput(DocumentParams, request.params);
    const file = await generateRecordDocument({ ...app.ctx, bureau: writeDeps, log: request.log }, params);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'no-store')
      .send(file.pdf);
  });

  // Issue 14 item 5: every change to the pairs, bans and cases of these accounts, newest first.
  app.get('/bureau/api/history', async (request): Promise<HistoryAnswer> => {
    await requireGrant(request, STAFF);
    const query = parseInput(HistoryQuery, request.query);
    return { entries: await listHistory(deps, { discordId: query.discordId ?? null, robloxId: query.robloxId ?? null }) };
  });

  // Issue 14 item 3: the infraction page for any Discord or Roblox ID, paired or not.
  app.get('/bureau/api/lookup', async (request) => {
    await requireGrant(request, STAFF);
    return lookUpPerson({ ...writeDeps, lookup: app.ctx.lookup }, parseInput(PersonLookupQuery, request.query));
  });

  // --- Cases (issue 14 item 2): staff open, amend, expire and annotate them from the records tool and
  // the infraction page, by the same use cases as the bot API below.
  const staffActor = (session: Session): HistoryActor => ({ kind: 'staff', id: session.subject, name: session.displayName });

  app.post('/bureau/api/cases', async (request, reply) => {
    const session = await requireGrant(request, STAFF);
    const input = parseInput(CreateCaseRequest, request.body);
    // The moderator is the staff member unless they name another.
    const answer = await openCase(writeDeps, { ...input, moderator: input.moderator ?? session.displayName }, staffActor(session));
    return reply.code(201).send(answer);
  });

  app.patch('/bureau/api/cases/:number', async (request) => {
    const session = await requireGrant(request, STAFF);
    const { number } = parseInput(CaseParams, request.params);
    return amendCase(writeDeps, number, parseInput(AmendCaseRequest, request.body), staffActor(session));
  });

  app.post('/bureau/api/cases/:number/expire', async (request) => {
    const session = await requireGrant(request, STAFF);
    return expireCase(writeDeps, parseInput(CaseParams, request.params).number, staffActor(session));
  });

  app.post('/bureau/api/cases/:number/notes', async (request, reply) => {
    const session = await requireGrant(request, STAFF);
    const { number } = parseInput(CaseParams, request.params);
    const { body } = parseInput(AddCaseNoteRequest, request.body);
    return reply.code(201).send(await addCaseNote(writeDeps, number, body, staffActor(session)));
  });

  // --- Verification center (issue 14 item 1): a member links their Roblox account through Roblox's OAuth.
  const memberActor = (session: Session): HistoryActor => ({ kind: 'member', id: session.subject, name: session.displayName });

  app.get('/bureau/verify/roblox', async (request, reply) => {
    const session = await currentSession(request);
    // A browser navigation: without a Discord sign-in, back to the page, which offers one.
    if (!session || session.kind !== 'discord') return reply.redirect('/bureau/verify');
    return beginRobloxLink(request, reply, session.subject);
  });

  app.get(ROBLOX_CALLBACK_PATH, async (request, reply) => {
    const session = await currentSession(request);
    if (!session || session.kind !== 'discord') return reply.redirect('/bureau/verify');
    const query = parseInput(VerifyCallbackQuery, request.query);
    let target = '/bureau/verify?outcome=';
    try {
      const robloxId = await finishRobloxLink(request, reply, query, session.subject);
      if (robloxId === null) target += 'cancelled';
      else {
        const result = await linkRobloxAccount(writeDeps, session.subject, robloxId, memberActor(session));
        // The page reads a banned account's reason from the public checker, not from the address.
        target += result.outcome + (result.outcome === 'banned' ? `&roblox=${encodeURIComponent(robloxId)}` : '');
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      request.log.warn({ code: error.code }, 'roblox link failed');
      target += 'failed' + (error instanceof RobloxLinkFailed ? `&failure=${error.failure}` : '');
    }
    return reply.redirect(target);
  });

  app.get('/bureau/api/verify/me', async (request) => {
    const session = await requireDiscordSession(request);
    return verifyStatus({ ...writeDeps, lookup: app.ctx.lookup, config }, session.subject);
  });

  app.post('/bureau/api/verify/unlink', async (request) => {
    const session = await requireDiscordSession(request);
    // Unlinking a banned account, then linking a clean one, would clear the member on the checker.
    if (await hasBannedPair(writeDeps, session.subject)) throw new DomainError('bureau.pair_banned');
    return deleteVerifiedPair(writeDeps, session.subject, memberActor(session));
  });

  app.get('/bureau/api/verify/claims', async (request) => {
    await requireGrant(request, STAFF);
    return listVerifyClaims(writeDeps);
  });

  app.post('/bureau/api/verify/claims/:id/approve', async (request) => {
    const session = await requireGrant(request, STAFF);
    const { id } = parseInput(VerifyClaimParams, request.params);
    // Decision 0059: the body is optional (the call had none); with it, the holder staff saw is checked.
    const expected = request.body === undefined || request.body === null ? undefined : parseInput(VerifyClaimApproveRequest, request.body);
    return decideVerifyClaim(writeDeps, id, true, staffActor(session), expected);
  });

  app.post('/bureau/api/verify/claims/:id/refuse', async (request) => {
    const session = await requireGrant(request, STAFF);
    return decideVerifyClaim(writeDeps, parseInput(VerifyClaimParams, request.params).id, false, staffActor(session));
  });

  // --- Bot-facing write API: `Authorization: Bearer <key>` (npm run cli -- create-api-key). Issue 14 item 4:
  // under /bureau/api/bot/v1 and, as before, /bureau/api/bot; each call needs its scope, is limited
  // per key, and names the key in the history.

  const botLimit = {
    rateLimit: {
      max: config.RATE_LIMIT_BOT_PER_MINUTE,
      timeWindow: '1 minute',
      // Decision 0040: a bot paces itself by these, so its answers carry them (the public routes' do not).
      addHeadersOnExceeding: rateLimitCountsOnSuccess(true),
      keyGenerator: (request: FastifyRequest) => {
        const key = apiKeyLimitKeyOf(request);
        // Without a key, the client as every other limit counts it (an IPv6 one by its /64, decision 0062).
        return key ? `bot-key:${key}` : `bot-ip:${clientLimitKey(request)}`;
      },
    },
  };

  for (const base of [BOT_API_BASE, BOT_API_LEGACY_BASE]) {
    app.put(`${base}/pairs/:discordId`, { config: botLimit }, async (request) => {
      const actor = await requireBotKey(request, 'pairs');
      const { discordId } = parseInput(BotPairWriteParams, request.params);
      const { robloxId } = parseInput(BotUpsertPairRequest, request.body);
      return upsertVerifiedPair(writeDeps, discordId, robloxId, actor);
    });

    app.delete(`${base}/pairs/:discordId`, { config: botLimit }, async (request) => {
      const actor = await requireBotKey(request, 'pairs');
      return deleteVerifiedPair(writeDeps, parseInput(BotPairParams, request.params).discordId, actor);
    });

    app.put(`${base}/bans/:robloxId`, { config: botLimit }, async (request) => {
      const actor = await requireBotKey(request, 'bans');
      const { robloxId } = parseInput(BotBanWriteParams, request.params);
      return setRobloxBan(writeDeps, robloxId, parseInput(BotSetBanRequest, request.body ?? {}), actor);
    });

    app.delete(`${base}/bans/:robloxId`, { config: botLimit }, async (request) => {
      const actor = await requireBotKey(request, 'bans');
      return clearRobloxBan(writeDeps, parseInput(BotBanParams, request.params).robloxId, actor);
    });

    app.post(`${base}/infractions`, { config: botLimit }, async (request, reply) => {
      const actor = await requireBotKey(request, 'cases');
      const answer = await addInfraction(writeDeps, parseInput(BotAddInfractionRequest, request.body), actor);
      return reply.code(201).send(answer);
    });

    app.delete(`${base}/infractions/:platform/:subjectId/:id`, { config: botLimit }, async (request) => {
      const actor = await requireBotKey(request, 'cases');
      return removeInfraction(writeDeps, parseInput(BotInfractionParams, request.params), actor);
    });
  }

  // Issue 14 item 2: cases for bots, new in v1, with the staff's rules.
  // Decision 0060: a case call that bans, unbans or lifts a ban needs bureau-bans too (botCaseNeedsBans).
  app.post(`${BOT_API_BASE}/cases`, { config: botLimit }, async (request, reply) => {
    const key = await requireBotCaseKey(request);
    const input = parseInput(CreateCaseRequest, request.body);
    key.checkBans(input.platform, null, input.type);
    return reply.code(201).send(await openCase(writeDeps, input, key.actor));
  });

  app.patch(`${BOT_API_BASE}/cases/:number`, { config: botLimit }, async (request) => {
    const key = await requireBotCaseKey(request);
    const { number } = parseInput(CaseParams, request.params);
    const changes = parseInput(AmendCaseRequest, request.body);
    // A ban case's text, expiry and hidden flag are the ban's (the checker shows them); a case amended
    // into or out of a ban writes or clears it.
    return amendCase(writeDeps, number, changes, key.actor, (row) => key.checkBans(row.platform, row.type, changes.type));
  });

  app.post(`${BOT_API_BASE}/cases/:number/expire`, { config: botLimit }, async (request) => {
    const key = await requireBotCaseKey(request);
    const { number } = parseInput(CaseParams, request.params);
    // Ending a Roblox ban case lifts its ban.
    return expireCase(writeDeps, number, key.actor, (row) => key.checkBans(row.platform, row.type, undefined));
  });

  app.post(`${BOT_API_BASE}/cases/:number/notes`, { config: botLimit }, async (request, reply) => {
    const actor = await requireBotKey(request, 'cases');
    const { number } = parseInput(CaseParams, request.params);
    const { body } = parseInput(AddCaseNoteRequest, request.body);
    return reply.code(201).send(await addCaseNote(writeDeps, number, body, actor));
  });

  // Issue 14 item 4: the bot API described for bot authors (the web's /bureau/bot-api page reads it).
  // Built on first request, not at start-up, where converting the contracts cost about 40 ms (decision 0036).
  let openApi: ReturnType<typeof buildBotOpenApi> | undefined;
  app.get(`${BOT_API_BASE}/openapi.json`, async () => (openApi ??= buildBotOpenApi()));
}
