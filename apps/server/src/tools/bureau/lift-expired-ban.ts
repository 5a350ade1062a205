import { z } from 'zod';
import type { HistoryActor } from '@guildhall/contracts/bureau';
import type { JobTransaction } from '@server/core/jobs/job-queue';
import type { BureauWriteDeps } from './bureau-deps';
import { type CaseRow, findCaseRow, isExpired } from './bureau-cases';
import { recordHistory } from './bureau-history';
import { laterCaseOwnsBan } from './case-ban-effect';
import { inOneTransaction } from './in-one-transaction';

/** Issue 14 item 2: the job that lifts a temporary ban when its case expires. */
export const CASE_EXPIRY_JOB = 'bureau.case-expiry';
const CaseExpiryPayload = z.object({ number: z.number().int().min(1) });

const SYSTEM: HistoryActor = { kind: 'system', id: 'case-expiry', name: 'Case expiry' };

/**
 * A ban case on Roblox that has expired lifts its ban (RobloxData/{robloxId}/Ban, 001 §3), once: the
 * case is marked lifted first, so a second run (or a racing process) does nothing. Decision 0042: the
 * mark, the cleared ban and the history commit together (a failed lift is left for the job's retry,
 * never marked lifted with the ban still standing).
 */
export async function liftExpiredBan(deps: BureauWriteDeps, row: CaseRow, actor: HistoryActor): Promise<boolean> {
  if (row.type !== 'ban' || row.platform !== 'Roblox' || row.lifted_at !== null || !isExpired(row, deps.now())) return false;
  return inOneTransaction(deps, (tx) => liftInTransaction(tx, row, actor));
}

async function liftInTransaction(deps: BureauWriteDeps, row: CaseRow, actor: HistoryActor): Promise<boolean> {
  const marked = await deps.db
    .updateTable('bureau_cases')
    .set({ lifted_at: deps.now() })
    .where('id', '=', row.id)
    .where('lifted_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 0) return false;
  // A later ban case owns the ban now: this one's expiry does not lift it.
  if (await laterCaseOwnsBan(deps, row)) return false;
  const before = await deps.registry.findBan(row.subject_id);
  if (!before || !(await deps.registry.clearBan(row.subject_id))) return false;
  await recordHistory(deps, {
    entity: 'ban',
    key: row.subject_id,
    robloxId: row.subject_id,
    action: 'ban.lifted',
    actor,
    before: { ...before, case: row.id },
    after: null,
  });
  return true;
}

/**
 * Schedules the lift for the case's expiry; an amended expiry schedules again (the handler re-checks).
 * Decision 0041: `within` the transaction that writes the case's expiry, so a temporary ban is never
 * stored without the job that lifts it.
 */
export async function scheduleCaseExpiry(
  deps: Pick<BureauWriteDeps, 'jobs'>,
  row: Pick<CaseRow, 'id' | 'type' | 'platform' | 'expires_at'>,
  within: JobTransaction,
) {
  if (row.type !== 'ban' || row.platform !== 'Roblox' || row.expires_at === null) return;
  await deps.jobs.enqueue(
    CASE_EXPIRY_JOB,
    { number: row.id },
    { runAt: row.expires_at, singletonKey: `case-expiry:${row.id}:${row.expires_at}`, within },
  );
}

export function defineCaseExpiryJob(deps: BureauWriteDeps): void {
  deps.jobs.define(CASE_EXPIRY_JOB, CaseExpiryPayload, async ({ number }) => {
    const row = await findCaseRow(deps, number);
    if (row) await liftExpiredBan(deps, row, SYSTEM);
  });
}
