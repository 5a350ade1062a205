import type { BotSetBanRequest, BotWriteAnswer } from '@guildhall/contracts/bureau';
import type { z } from 'zod';
import type { AppContext } from '@server/core/context';

type SetBan = z.output<typeof BotSetBanRequest>;

/** Bot API, 001 §3 RobloxData/{robloxId}/Ban; Time is seconds since epoch (001 §9), now when not given. */
export async function setRobloxBan(deps: Pick<AppContext, 'registry' | 'now'>, robloxId: string, ban: SetBan): Promise<BotWriteAnswer> {
  await deps.registry.setBan({
    robloxId,
    isBanned: ban.isBanned,
    moderator: ban.moderator,
    reason: ban.reason,
    time: ban.time ?? Math.floor(deps.now() / 1000),
    username: ban.username,
  });
  return { ok: true, changed: true };
}
