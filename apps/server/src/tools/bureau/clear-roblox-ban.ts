import type { BotWriteAnswer } from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';

/** Bot API: removes RobloxData/{robloxId}/Ban; the checker then shows 'Clear' (001 §2). */
export async function clearRobloxBan(deps: Pick<AppContext, 'registry'>, robloxId: string): Promise<BotWriteAnswer> {
  return { ok: true, changed: await deps.registry.clearBan(robloxId) };
}
