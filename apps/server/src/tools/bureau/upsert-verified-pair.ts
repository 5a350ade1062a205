import type { BotWriteAnswer, HistoryActor } from '@guildhall/contracts/bureau';
import type { BureauWriteDeps } from './bureau-deps';
import { recordHistory } from './bureau-history';
import { inOneTransaction } from './in-one-transaction';

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
  // Decision 0042: the pair and the history change together or not at all.
  return inOneTransaction(
    deps,
    async (tx) => {
      const existing = await tx.registry.findPairByDiscordId(discordId);
      if (existing?.robloxId === robloxId) return { ok: true, changed: false };
      await tx.registry.upsertPair(discordId, robloxId);
      await recordHistory(tx, {
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
    },
    `pair:${discordId}`,
  );
}
