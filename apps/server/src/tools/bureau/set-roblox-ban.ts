import type { BotSetBanRequest, BotWriteAnswer, HistoryActor } from '@guildhall/contracts/bureau';
import type { z } from 'zod';
import type { BureauWriteDeps } from './bureau-deps';
import { recordHistory } from './bureau-history';
import { inOneTransaction } from './in-one-transaction';
import { releaseBanCases } from './release-ban-cases';

type SetBan = z.output<typeof BotSetBanRequest>;
const SAME_FIELDS = ['isBanned', 'moderator', 'reason', 'time', 'username'] as const;

/** 001 §3 RobloxData/{robloxId}/Ban; Time is seconds since epoch (001 §9), now when not given. */
export async function setRobloxBan(deps: BureauWriteDeps, robloxId: string, ban: SetBan, actor: HistoryActor): Promise<BotWriteAnswer> {
  // Decision 0042: the ban and the history change together or not at all.
  return inOneTransaction(
    deps,
    async (tx) => {
      const before = await tx.registry.findBan(robloxId);
      const after = {
        robloxId,
        isBanned: ban.isBanned,
        moderator: ban.moderator,
        reason: ban.reason,
        time: ban.time ?? Math.floor(tx.now() / 1000),
        username: ban.username,
      };
      // Decision 0030: a write that changes nothing records nothing (it answered changed and wrote history).
      if (before && SAME_FIELDS.every((field) => before[field] === after[field])) return { ok: true, changed: false };
      await tx.registry.setBan(after);
      await releaseBanCases(tx, robloxId);
      await recordHistory(tx, { entity: 'ban', key: robloxId, robloxId, action: before ? 'ban.updated' : 'ban.set', actor, before, after });
      return { ok: true, changed: true };
    },
    `ban:${robloxId}`,
  );
}
