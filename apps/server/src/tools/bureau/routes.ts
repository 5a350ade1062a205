import type { FastifyInstance } from 'fastify';
import {
  BotAddInfractionRequest,
  BotBanParams,
  BotInfractionParams,
  BotPairParams,
  BotSetBanRequest,
  BotUpsertPairRequest,
  CheckStatusQuery,
  DocumentParams,
  PersonInfractionsParams,
  SearchRecordsQuery,
  UserDetailsQuery,
} from '@guildhall/contracts/bureau';
import { requireApiKey } from '@server/core/auth/api-keys';
import { requireGrant, sessionToken } from '@server/core/auth/request-auth';
import { watchAccess } from '@server/core/auth/watch-access';
import { parseInput } from '@server/core/http/parse-input';
import { makeBureauDeps } from './bureau-deps';
import { addInfraction } from './add-infraction';
import { checkVerificationStatus } from './check-verification-status';
import { clearRobloxBan } from './clear-roblox-ban';
import { deleteVerifiedPair } from './delete-verified-pair';
import { generateRecordDocument } from './generate-record-document';
import { getUserDetails } from './get-user-details';
import { listPersonInfractions } from './list-person-infractions';
import { removeInfraction } from './remove-infraction';
import { searchRegistryPairs } from './search-registry-pairs';
import { setRobloxBan } from './set-roblox-ban';
import { streamRegistryChanges } from './stream-registry-changes';
import { upsertVerifiedPair } from './upsert-verified-pair';

/** The bureau grant: 001 §6 shows no login, but these are personal records (ARCHITECTURE.md §1, §4). */
const STAFF = 'bureau-staff';
/** The bot's API-key scope (core/auth/api-keys.ts). */
const BOT = 'bureau-bot';

export async function registerBureauRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  const deps = makeBureauDeps(app.ctx);

  // 001 §2 Status checker: public, so rate limited per client.
  app.get(
    '/bureau/api/check-status',
    { config: { rateLimit: { max: config.RATE_LIMIT_PUBLIC_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request) => checkVerificationStatus(app.ctx, parseInput(CheckStatusQuery, request.query)),
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
    const file = await generateRecordDocument({ ...app.ctx, log: request.log }, params);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'no-store')
      .send(file.pdf);
  });

  // --- Bot-facing write API: `Authorization: Bearer <key>` of scope bureau-bot (npm run cli -- create-api-key). ---

  app.put('/bureau/api/bot/pairs/:discordId', async (request) => {
    await requireApiKey(request, BOT);
    const { discordId } = parseInput(BotPairParams, request.params);
    const { robloxId } = parseInput(BotUpsertPairRequest, request.body);
    return upsertVerifiedPair(app.ctx, discordId, robloxId);
  });

  app.delete('/bureau/api/bot/pairs/:discordId', async (request) => {
    await requireApiKey(request, BOT);
    return deleteVerifiedPair(app.ctx, parseInput(BotPairParams, request.params).discordId);
  });

  app.put('/bureau/api/bot/bans/:robloxId', async (request) => {
    await requireApiKey(request, BOT);
    const { robloxId } = parseInput(BotBanParams, request.params);
    return setRobloxBan(app.ctx, robloxId, parseInput(BotSetBanRequest, request.body ?? {}));
  });

  app.delete('/bureau/api/bot/bans/:robloxId', async (request) => {
    await requireApiKey(request, BOT);
    return clearRobloxBan(app.ctx, parseInput(BotBanParams, request.params).robloxId);
  });

  app.post('/bureau/api/bot/infractions', async (request, reply) => {
    await requireApiKey(request, BOT);
    const answer = await addInfraction(app.ctx, parseInput(BotAddInfractionRequest, request.body));
    return reply.code(201).send(answer);
  });

  app.delete('/bureau/api/bot/infractions/:platform/:subjectId/:id', async (request) => {
    await requireApiKey(request, BOT);
    const { platform, subjectId, id } = parseInput(BotInfractionParams, request.params);
    return removeInfraction(app.ctx, platform, subjectId, id);
  });
}
