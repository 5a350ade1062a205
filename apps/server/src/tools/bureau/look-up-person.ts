import type { CaseAnswer, PersonLookupAnswer, PersonLookupQuery } from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';
import type { LookupResult } from '@server/core/lookup/profile-lookup';
import type { Infraction } from '@server/core/registry/registry-repository';
import type { BureauWriteDeps } from './bureau-deps';
import { casesOf, notesOf, toCaseAnswer } from './bureau-cases';
import { listHistory } from './bureau-history';

type Deps = BureauWriteDeps & Pick<AppContext, 'lookup'>;

/**
 * Issue 14 item 3: what the registry holds about any Discord or Roblox ID, paired or not, with the
 * profile lookups: the pair, the Roblox ban, every case on both platforms (hidden and expired too:
 * this is the staff's view), and the history of their changes.
 */
export async function lookUpPerson(deps: Deps, query: PersonLookupQuery): Promise<PersonLookupAnswer> {
  const pair =
    query.type === 'discord' ? await deps.registry.findPairByDiscordId(query.id) : await deps.registry.findPairByRobloxId(query.id);
  const discordId = query.type === 'discord' ? query.id : (pair?.discordId ?? null);
  const robloxId = query.type === 'roblox' ? query.id : (pair?.robloxId ?? null);

  const [discordInfractions, robloxInfractions, ban, discord, roblox, history] = await Promise.all([
    discordId ? deps.registry.listInfractions('Discord', discordId) : Promise.resolve([]),
    robloxId ? deps.registry.listInfractions('Roblox', robloxId) : Promise.resolve([]),
    robloxId ? deps.registry.findBan(robloxId) : Promise.resolve(null),
    discordId ? deps.lookup.discordUser(discordId) : Promise.resolve(null),
    robloxId ? deps.lookup.robloxUser(robloxId) : Promise.resolve(null),
    listHistory(deps, { discordId, robloxId }),
  ]);
  // 001 §3: ascending by numeric id; the same moment on both platforms lists Discord first.
  const infractions = [...discordInfractions, ...robloxInfractions].sort((a, b) => a.id - b.id || a.platform.localeCompare(b.platform));
  return {
    discordId,
    robloxId,
    paired: pair !== null,
    profiles: { discord: profileOf(discord), roblox: profileOf(roblox) },
    ban,
    infractions: await withCases(deps, infractions),
    history,
    caseTypeLabels: deps.caseTypeLabels,
  };
}

/** Each infraction with its case (numbered now if it had none). */
export async function withCases(deps: BureauWriteDeps, infractions: readonly Infraction[]): Promise<CaseAnswer[]> {
  const rows = await casesOf(deps, infractions);
  const notes = await notesOf(
    deps,
    rows.map((r) => r.id),
  );
  return infractions.map((infraction, i) => toCaseAnswer(deps, infraction, rows[i]!, notes));
}

function profileOf(result: LookupResult<{ username: string; displayName: string | null }> | null) {
  if (!result?.profile) return null;
  return { username: result.profile.username, displayName: result.profile.displayName, source: result.source };
}
