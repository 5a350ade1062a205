import type { BotWriteAnswer, HistoryActor } from '@guildhall/contracts/bureau';
import type { BureauWriteDeps } from './bureau-deps';
import { recordHistory } from './bureau-history';
import { inOneTransaction } from './in-one-transaction';
import { releaseBanCases } from './release-ban-cases';

/** Removes RobloxData/{robloxId}/Ban; the checker then shows 'Clear' (001 §2). */
export async function clearRobloxBan(deps: BureauWriteDeps, robloxId: string, actor: HistoryActor): Promise<BotWriteAnswer> {
  // Decision 0042: the ban and the history change together or not at all.
  return inOneTransaction(
    deps,
    async (tx) => {
      const before = await tx.registry.findBan(robloxId);
      if (!before || !(await tx.registry.clearBan(robloxId))) return { ok: true, changed: false };
      await releaseBanCases(tx, robloxId);
      await recordHistory(tx, { entity: 'ban', key: robloxId, robloxId, action: 'ban.cleared', actor, before, after: null });
      return { ok: true, changed: true };
    },
    `ban:${robloxId}`,
  );
}
