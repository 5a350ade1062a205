import type { BotWriteAnswer, HistoryActor } from '@guildhall/contracts/bureau';
import type { BureauWriteDeps } from './bureau-deps';
import { recordHistory } from './bureau-history';

/** Removes Verification/{discordId}; deleting a missing pair is not an error (a bot retries). */
export async function deleteVerifiedPair(deps: BureauWriteDeps, discordId: string, actor: HistoryActor): Promise<BotWriteAnswer> {
  const existing = await deps.registry.findPairByDiscordId(discordId);
  if (!existing || !(await deps.registry.deletePair(discordId))) return { ok: true, changed: false };
  await recordHistory(deps, {
    entity: 'pair',
    key: discordId,
    discordId,
    robloxId: existing.robloxId,
    action: 'pair.unlinked',
    actor,
    before: existing,
    after: null,
  });
  return { ok: true, changed: true };
}
