import type { BotWriteAnswer, HistoryActor, Platform } from '@guildhall/contracts/bureau';
import type { BureauWriteDeps } from './bureau-deps';
import { infractionHistoryKey, recordHistory } from './bureau-history';

/** Removes one infraction; removing a missing one is not an error (a bot retries). */
export async function removeInfraction(
  deps: BureauWriteDeps,
  target: { platform: Platform; subjectId: string; id: number },
  actor: HistoryActor,
): Promise<BotWriteAnswer> {
  const { platform, subjectId, id } = target;
  const existing = (await deps.registry.listInfractions(platform, subjectId)).find((i) => i.id === id);
  if (!existing || !(await deps.registry.removeInfraction(platform, subjectId, id))) return { ok: true, changed: false };
  // Issue 14 item 2: its case goes with it (the number is never given again).
  await deps.db
    .deleteFrom('bureau_cases')
    .where('platform', '=', platform)
    .where('subject_id', '=', subjectId)
    .where('infraction_id', '=', id)
    .execute();
  await recordHistory(deps, {
    ...infractionHistoryKey(platform, subjectId, id),
    action: 'infraction.removed',
    actor,
    before: existing,
    after: null,
  });
  return { ok: true, changed: true };
}
