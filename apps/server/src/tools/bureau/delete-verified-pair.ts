import type { BotWriteAnswer } from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';

/** Bot API: removes Verification/{discordId}; deleting a missing pair is not an error (a bot retries). */
export async function deleteVerifiedPair(deps: Pick<AppContext, 'registry'>, discordId: string): Promise<BotWriteAnswer> {
  return { ok: true, changed: await deps.registry.deletePair(discordId) };
}
