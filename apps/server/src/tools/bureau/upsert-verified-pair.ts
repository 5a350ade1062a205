import type { BotWriteAnswer } from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';

/** Bot API, 001 §3 Verification/{discordId} = robloxId: the live list hears the change (RegistryChange). */
export async function upsertVerifiedPair(deps: Pick<AppContext, 'registry'>, discordId: string, robloxId: string): Promise<BotWriteAnswer> {
  const existing = await deps.registry.findPairByDiscordId(discordId);
  if (existing?.robloxId === robloxId) return { ok: true, changed: false };
  await deps.registry.upsertPair(discordId, robloxId);
  return { ok: true, changed: true };
}
