import type { CaseAnswer, HistoryActor } from '@guildhall/contracts/bureau';
import type { BureauWriteDeps } from './bureau-deps';
import { caseAnswer, caseHistoryKey, caseSnapshot, findCaseRow, isExpired, loadCase } from './bureau-cases';
import { recordHistory } from './bureau-history';
import { liftExpiredBan } from './lift-expired-ban';

/**
 * Issue 14 item 2: ends a case now (its expiry becomes now); a ban case on Roblox lifts its ban.
 * Expiring an expired case changes nothing (a retry is safe).
 */
export async function expireCase(deps: BureauWriteDeps, number: number, actor: HistoryActor): Promise<CaseAnswer> {
  const { row, infraction } = await loadCase(deps, number);
  if (!isExpired(row, deps.now())) {
    await deps.db.updateTable('bureau_cases').set({ expires_at: deps.now() }).where('id', '=', row.id).execute();
    const updated = (await findCaseRow(deps, row.id))!;
    await recordHistory(deps, {
      ...caseHistoryKey(row),
      action: 'case.expired',
      actor,
      before: caseSnapshot(row, infraction),
      after: caseSnapshot(updated, infraction),
    });
  }
  const current = (await findCaseRow(deps, row.id))!;
  await liftExpiredBan(deps, current, actor);
  return caseAnswer(deps, number);
}
