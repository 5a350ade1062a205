import type { BotAddInfractionAnswer, BotAddInfractionRequest } from '@guildhall/contracts/bureau';
import type { z } from 'zod';
import type { AppContext } from '@server/core/context';

type AddInfraction = z.output<typeof BotAddInfractionRequest>;

/**
 * Bot API, 001 §3 Infractions/{category}/{subjectId}/{id}: the id is an epoch-like number used as
 * the date, so it defaults to now (ms). The same id again replaces that infraction (idempotent retries).
 */
export async function addInfraction(deps: Pick<AppContext, 'registry' | 'now'>, input: AddInfraction): Promise<BotAddInfractionAnswer> {
  const id = input.id ?? deps.now();
  await deps.registry.addInfraction({
    platform: input.platform,
    subjectId: input.subjectId,
    id,
    moderator: input.moderator,
    reason: input.reason,
    note: input.note,
  });
  return { ok: true, changed: true, id };
}
