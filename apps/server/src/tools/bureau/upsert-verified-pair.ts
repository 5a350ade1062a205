import type { BotWriteAnswer, HistoryActor } from '@guildhall/contracts/bureau';
import type { BureauWriteDeps } from './bureau-deps';
import { recordHistory } from './bureau-history';

/**
 * 001 §3 Verification/{discordId} = robloxId: the live list hears the change (RegistryChange), and the
 * history keeps who made it and the pair before (issue 14 item 5).
 */
export async function upsertVerifiedPair(
  deps: BureauWriteDeps,
  discordId: string,
  robloxId: string,
  actor: HistoryActor,
): Promise<BotWriteAnswer> {
  const existing = await deps.registry.findPairByDiscordId(discordId);
  if (existing?.robloxId === robloxId) return { ok: true, changed: false };
  await deps.registry.upsertPair(discordId, robloxId);
  await recordHistory(deps, {
    entity: 'pair',
    key: discordId,
    discordId,
    robloxId,
    action: existing ? 'pair.relinked' : 'pair.linked',
    actor,
    before: existing,
    after: { discordId, robloxId },
  });
  return { ok: true, changed: true };
}
