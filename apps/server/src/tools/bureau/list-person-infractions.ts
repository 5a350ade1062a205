import {
  BUREAU_ERRORS,
  type PersonInfraction,
  type PersonInfractionsAnswer,
  type PersonInfractionsParams,
} from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';
import { DomainError } from '@server/core/errors/domain-error';
import type { Infraction, Platform } from '@server/core/registry/registry-repository';

type Deps = Pick<AppContext, 'registry'> & {
  log?: { error(details: object, message: string): void };
};

/** What staff read when a platform's infractions cannot be read (the category itself is logged only). */
export const INFRACTIONS_FAILED = BUREAU_ERRORS['bureau.infractions_failed'].sentence;

/**
 * 001 §3 and §9: the infraction id is an epoch-like number used as the date. The bot writes epoch
 * milliseconds; a small id is read as seconds, the same rule as the printed record (record-document.tsx).
 */
export function infractionDateOf(id: number): string | null {
  const date = new Date(id >= 1e11 ? id : id * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * 001 §2 "Infraction lookup page": both accounts of a verified pair and the infractions of both
 * platforms (Infractions/Discord/{discordId} and Infractions/Roblox/{robloxId}, 001 §3), ascending by
 * numeric id. 001 §7/§8 turn a failed read into a logged 'Failed to fetch {category} infractions' and an
 * empty list; on screen an empty list would tell staff a person has a clean record when it was not
 * read at all, so the message is still logged per platform but the answer is an error (503).
 */
export async function listPersonInfractions(deps: Deps, params: PersonInfractionsParams): Promise<PersonInfractionsAnswer> {
  const pair = await deps.registry.findPairByDiscordId(params.discordId);
  if (!pair) throw new DomainError('not_found', 'No verified pair has this Discord ID.');
  // Both reads run to the end, so each failing platform is logged by name.
  const [discord, roblox] = await Promise.allSettled([
    readPlatform(deps, 'Discord', pair.discordId),
    readPlatform(deps, 'Roblox', pair.robloxId),
  ]);
  if (discord.status === 'rejected' || roblox.status === 'rejected') throw new DomainError('bureau.infractions_failed');
  const infractions = [...discord.value, ...roblox.value]
    // 001 §3: ascending by numeric id; the same moment on both platforms lists Discord first, as the PDF does.
    .sort((a, b) => a.id - b.id || a.platform.localeCompare(b.platform))
    .map(toAnswer);
  return { discordId: pair.discordId, robloxId: pair.robloxId, infractions };
}

async function readPlatform(deps: Deps, platform: Platform, subjectId: string): Promise<Infraction[]> {
  try {
    return await deps.registry.listInfractions(platform, subjectId);
  } catch (error) {
    // 001 §8: 'Failed to fetch {category} infractions' is logged only.
    deps.log?.error({ err: error, platform, subjectId }, `Failed to fetch ${platform} infractions`);
    throw error;
  }
}

function toAnswer(infraction: Infraction): PersonInfraction {
  return {
    platform: infraction.platform,
    id: infraction.id,
    date: infractionDateOf(infraction.id),
    moderator: infraction.moderator,
    reason: infraction.reason,
    note: infraction.note,
  };
}
