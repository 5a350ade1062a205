import type { BotWriteAnswer, HistoryActor } from '@guildhall/contracts/bureau';
import type { BureauWriteDeps } from './bureau-deps';
import { recordHistory } from './bureau-history';

/** Removes RobloxData/{robloxId}/Ban; the checker then shows 'Clear' (001 §2). */
export async function clearRobloxBan(deps: BureauWriteDeps, robloxId: string, actor: HistoryActor): Promise<BotWriteAnswer> {
  const before = await deps.registry.findBan(robloxId);
  if (!before || !(await deps.registry.clearBan(robloxId))) return { ok: true, changed: false };
  await recordHistory(deps, { entity: 'ban', key: robloxId, robloxId, action: 'ban.cleared', actor, before, after: null });
  return { ok: true, changed: true };
}
