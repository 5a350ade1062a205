import { BUREAU_ERRORS, type UserDetailsAnswer, type UserDetailsQuery } from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';
import { DomainError } from '@server/core/errors/domain-error';
import { discordCreationDate, type LookupSource } from '@server/core/lookup/profile-lookup';

type Deps = Pick<AppContext, 'registry' | 'lookup'>;

// 001 §3: unknown or empty values display as 'Unknown'.
const UNKNOWN = 'Unknown';
const orUnknown = (value: string | null | undefined) => (value && value.trim() ? value : UNKNOWN);

/** 001 §8 Records tool: the lookup call not ok ('{status text}' of a 502 is 'Bad Gateway'). */
export const LOOKUP_FAILED = BUREAU_ERRORS['bureau.lookup_failed'].sentence;

/**
 * 001 §7 "Lookup worker": the details of a Discord + Roblox pair, from the Discord API (bot token) and
 * the Roblox users API through core/lookup's cache. Without a Discord bot token the Discord half comes
 * from the registry alone (id, creation date from the snowflake, verified status) and the answer says so.
 * An API that fails with nothing cached to fall back on is the spec's "response is not ok": 502.
 */
export async function getUserDetails(deps: Deps, query: UserDetailsQuery): Promise<UserDetailsAnswer> {
  const [pair, ban, discord, roblox] = await Promise.all([
    deps.registry.findPairByDiscordId(query.discordId),
    deps.registry.findBan(query.robloxId).catch(() => null),
    deps.lookup.discordUser(query.discordId),
    deps.lookup.robloxUser(query.robloxId),
  ]);
  const discordFailed = discord.source === 'unavailable' && deps.lookup.hasDiscordCredentials;
  const robloxFailed = roblox.source === 'unavailable';
  if (discordFailed || robloxFailed) throw new DomainError('bureau.lookup_failed');

  const created = discordCreationDate(query.discordId);
  const discordOrigin = originOf(discord.source, deps.lookup.hasDiscordCredentials);
  const robloxOrigin = originOf(roblox.source, true);
  const notices: string[] = [];
  if (discordOrigin === 'registry') notices.push('No Discord bot token is configured: Discord details come from the registry alone.');
  if (discordOrigin === 'stale' || robloxOrigin === 'stale')
    notices.push('An API did not answer: some details come from an older saved answer.');

  const banned = (ban?.isBanned ?? false) || (roblox.profile?.isBanned ?? false);
  return {
    discordId: query.discordId,
    robloxId: query.robloxId,
    discordUsername: orUnknown(discord.profile?.username),
    discordDisplayName: orUnknown(discord.profile?.displayName),
    discordCreationDate: created ? created.toISOString() : UNKNOWN,
    discordStatus: pair && pair.robloxId === query.robloxId ? 'Verified' : 'Not Verified',
    robloxUsername: orUnknown(roblox.profile?.username ?? ban?.username),
    robloxDisplayName: orUnknown(roblox.profile?.displayName),
    robloxCreationDate: orUnknown(roblox.profile?.createdAt),
    robloxStatus: banned ? 'Banned' : 'Clear',
    sources: { discord: discordOrigin, roblox: robloxOrigin },
    notice: notices.length ? notices.join(' ') : null,
  };
}

function originOf(source: LookupSource, hasCredentials: boolean): UserDetailsAnswer['sources']['discord'] {
  if (!hasCredentials && source !== 'cache') return 'registry';
  if (source === 'unavailable') return 'registry';
  return source;
}
