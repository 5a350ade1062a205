import type { BotWriteAnswer, HistoryActor } from '@guildhall/contracts/bureau';
import type { BureauWriteDeps } from './bureau-deps';
import { recordHistory } from './bureau-history';
import { inOneTransaction } from './in-one-transaction';

/** Removes Verification/{discordId}; deleting a missing pair is not an error (a bot retries). */
export async function deleteVerifiedPair(deps: BureauWriteDeps, discordId: string, actor: HistoryActor): Promise<BotWriteAnswer> {
  // Decision 0042: the pair and the history change together or not at all.
  return inOneTransaction(
    deps,
    async (tx) => {
      const existing = await tx.registry.findPairByDiscordId(discordId);
      if (!existing || !(await tx.registry.deletePair(discordId))) return { ok: true, changed: false };
      await recordHistory(tx, {
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
    },
    `pair:${discordId}`,
  );
}
