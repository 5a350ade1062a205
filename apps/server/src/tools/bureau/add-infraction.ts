import type { BotAddInfractionAnswer, BotAddInfractionRequest, HistoryActor } from '@guildhall/contracts/bureau';
import type { z } from 'zod';
import type { BureauWriteDeps } from './bureau-deps';
import { infractionHistoryKey, recordHistory } from './bureau-history';

type AddInfraction = z.output<typeof BotAddInfractionRequest>;

/**
 * 001 §3 Infractions/{category}/{subjectId}/{id}: the id is an epoch-like number used as the date, so
 * it defaults to now (ms). The same id again replaces that infraction (idempotent retries).
 */
export async function addInfraction(deps: BureauWriteDeps, input: AddInfraction, actor: HistoryActor): Promise<BotAddInfractionAnswer> {
  const id = input.id ?? deps.now();
  const existing = (await deps.registry.listInfractions(input.platform, input.subjectId)).find((i) => i.id === id) ?? null;
  const after = {
    platform: input.platform,
    subjectId: input.subjectId,
    id,
    moderator: input.moderator,
    reason: input.reason,
    note: input.note,
  };
  await deps.registry.addInfraction(after);
  await recordHistory(deps, {
    ...infractionHistoryKey(input.platform, input.subjectId, id),
    action: existing ? 'infraction.replaced' : 'infraction.added',
    actor,
    before: existing,
    after,
  });
  return { ok: true, changed: true, id };
}
