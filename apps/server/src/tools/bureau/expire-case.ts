import type { CaseAnswer, HistoryActor } from '@guildhall/contracts/bureau';
import type { BureauWriteDeps } from './bureau-deps';
import { type CaseCheck, caseAnswer, caseHistoryKey, caseSnapshot, isExpired, loadCase } from './bureau-cases';
import { recordHistory } from './bureau-history';
import { inOneTransaction } from './in-one-transaction';
import { liftExpiredBan } from './lift-expired-ban';

/**
 * Issue 14 item 2: ends a case now (its expiry becomes now); a ban case on Roblox lifts its ban.
 * Expiring an expired case changes nothing (a retry is safe).
 */
export async function expireCase(deps: BureauWriteDeps, number: number, actor: HistoryActor, check?: CaseCheck): Promise<CaseAnswer> {
  // Decision 0042: the new expiry, its history and the lift are kept together or not at all.
  await inOneTransaction(deps, async (tx) => {
    const { row, infraction } = await loadCase(tx, number, check);
    // Nobody else writes the case meanwhile (loadCase holds it), so after the update it is the row read, newly expired.
    let current = row;
    if (!isExpired(row, tx.now())) {
      current = { ...row, expires_at: tx.now() };
      await tx.db.updateTable('bureau_cases').set({ expires_at: current.expires_at }).where('id', '=', row.id).execute();
      await recordHistory(tx, {
        ...caseHistoryKey(row),
        action: 'case.expired',
        actor,
        before: caseSnapshot(row, infraction),
        after: caseSnapshot(current, infraction),
      });
    }
    await liftExpiredBan(tx, current, actor);
  });
  return caseAnswer(deps, number);
}
