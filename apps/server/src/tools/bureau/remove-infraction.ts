import type { BotWriteAnswer, HistoryActor, Platform } from '@guildhall/contracts/bureau';
import type { BureauWriteDeps } from './bureau-deps';
import { infractionHistoryKey, recordHistory } from './bureau-history';
import { inOneTransaction } from './in-one-transaction';

/** Removes one infraction; removing a missing one is not an error (a bot retries). */
export async function removeInfraction(
  deps: BureauWriteDeps,
  target: { platform: Platform; subjectId: string; id: number },
  actor: HistoryActor,
): Promise<BotWriteAnswer> {
  // Decision 0042: the infraction, its case and the history go together or not at all.
  // It locks the infraction, then its case; an amendment locks them the other way round, so PostgreSQL
  // may end either as a deadlock: whichever it was runs again whole (inOneTransaction, for every bureau write).
  return inOneTransaction(
    deps,
    async (tx) => {
      const { platform, subjectId, id } = target;
      const existing = (await tx.registry.listInfractions(platform, subjectId)).find((i) => i.id === id);
      if (!existing || !(await tx.registry.removeInfraction(platform, subjectId, id))) return { ok: true, changed: false };
      // Issue 14 item 2: its case goes with it (the number is never given again).
      await tx.db
        .deleteFrom('bureau_cases')
        .where('platform', '=', platform)
        .where('subject_id', '=', subjectId)
        .where('infraction_id', '=', id)
        .execute();
      await recordHistory(tx, {
        ...infractionHistoryKey(platform, subjectId, id),
        action: 'infraction.removed',
        actor,
        before: existing,
        after: null,
      });
      return { ok: true, changed: true };
    },
    `infractions:${target.platform}/${target.subjectId}`,
  );
}
