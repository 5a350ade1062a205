import type { CheckStatusAnswer, CheckStatusQuery } from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';
import { isDatabaseUnavailable } from '@server/core/db/is-database-unavailable';
import type { Ban } from '@server/core/registry/registry-repository';
import { type CheckerRecord, findCheckerRecord } from './find-checker-record';

type Deps = Pick<AppContext, 'registry' | 'lookup' | 'database'>;

/** 001 §8: a ban lookup failure is silent and counts as not banned. */
async function findBanQuietly(deps: Deps, robloxId: string): Promise<Ban | null> {
  try {
    return await deps.registry.findBan(robloxId);
  } catch {
    return null;
  }
}

const toAnswerBan = (ban: Ban) => ({ isBanned: ban.isBanned, moderator: ban.moderator, reason: ban.reason, time: ban.time });

/**
 * 001 §2 and §4 Status checker. By Discord id: a verified pair, or Not Found. By Roblox id: a pair
 * holding that id (compared as a string, 001 §5) is verified; otherwise a ban record alone makes the
 * user Not Verified; otherwise Not Found.
 *
 * ARCHITECTURE.md §7: the checker is public and busy, so its reads are one joined query
 * (find-checker-record.ts); names come from the cached profiles it joined, and only a missing or
 * stale one calls the API (decisions/0003).
 */
export async function checkVerificationStatus(deps: Deps, query: CheckStatusQuery): Promise<CheckStatusAnswer> {
  let record: CheckerRecord | null;
  try {
    record = await findCheckerRecord(deps, query);
  } catch (error) {
    // An outage fails the separate reads too, after waiting for a connection again (decision 0048).
    if (isDatabaseUnavailable(error)) throw error;
    // The joined query fails as a whole when any one table does; 001 §8 wants a failing ban read
    // to be silent, which only separate reads can tell apart.
    return checkBySeparateReads(deps, query);
  }
  if (!record) return { result: 'not_found' };
  const { pair, ban } = record;

  // Decision 0036: fresh cached names are read without a promise; only a missing or stale one awaits the lookup.
  const { lookup } = deps;
  if (!pair) {
    if (!ban) return { result: 'not_found' };
    const roblox = lookup.freshRobloxUser(record.robloxCache) ?? (await lookup.robloxUser(query.id, record.robloxCache));
    return { result: 'not_verified', roblox: { id: query.id, username: roblox.profile?.username ?? ban.username }, ban: toAnswerBan(ban) };
  }

  let discord = lookup.freshDiscordUser(record.discordCache);
  let roblox = lookup.freshRobloxUser(record.robloxCache);
  if (!discord || !roblox) {
    [discord, roblox] = await Promise.all([
      discord ?? lookup.discordUser(pair.discordId, record.discordCache),
      roblox ?? lookup.robloxUser(pair.robloxId, record.robloxCache),
    ]);
  }
  return {
    result: 'verified',
    discord: { id: pair.discordId, username: discord.profile?.username ?? null },
    roblox: { id: pair.robloxId, username: roblox.profile?.username ?? ban?.username ?? null },
    ban: ban ? toAnswerBan(ban) : null,
  };
}

/** The same answer from one read per table, each failing on its own (the fallback above). */
async function checkBySeparateReads(deps: Deps, query: CheckStatusQuery): Promise<CheckStatusAnswer> {
  const pair =
    query.type === 'discord' ? await deps.registry.findPairByDiscordId(query.id) : await deps.registry.findPairByRobloxId(query.id);

  if (!pair) {
    if (query.type === 'discord') return { result: 'not_found' };
    const ban = await findBanQuietly(deps, query.id);
    if (!ban) return { result: 'not_found' };
    const roblox = await deps.lookup.robloxUser(query.id);
    return { result: 'not_verified', roblox: { id: query.id, username: roblox.profile?.username ?? ban.username }, ban: toAnswerBan(ban) };
  }

  const [ban, discord, roblox] = await Promise.all([
    findBanQuietly(deps, pair.robloxId),
    deps.lookup.discordUser(pair.discordId),
    deps.lookup.robloxUser(pair.robloxId),
  ]);
  return {
    result: 'verified',
    discord: { id: pair.discordId, username: discord.profile?.username ?? null },
    roblox: { id: pair.robloxId, username: roblox.profile?.username ?? ban?.username ?? null },
    ban: ban ? toAnswerBan(ban) : null,
  };
}
