import type { BotWriteAnswer, Platform } from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';

/** Bot API: removes one infraction; removing a missing one is not an error (a bot retries). */
export async function removeInfraction(
  deps: Pick<AppContext, 'registry'>,
  platform: Platform,
  subjectId: string,
  id: number,
): Promise<BotWriteAnswer> {
  return { ok: true, changed: await deps.registry.removeInfraction(platform, subjectId, id) };
}
