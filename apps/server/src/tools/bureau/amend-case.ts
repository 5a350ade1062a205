import { type AmendCaseRequest, type CaseAnswer, type HistoryActor, caseTypeExpires } from '@guildhall/contracts/bureau';
import type { z } from 'zod';
import { DomainError } from '@server/core/errors/domain-error';
import type { BureauWriteDeps } from './bureau-deps';
import { caseAnswer, caseHistoryKey, caseSnapshot, findCaseRow, isExpired, loadCase } from './bureau-cases';
import { applyBanEffect, laterCaseOwnsBan } from './case-ban-effect';
import { recordHistory } from './bureau-history';
import { inOneTransaction } from './in-one-transaction';
import { scheduleCaseExpiry } from './lift-expired-ban';

type AmendCase = z.output<typeof AmendCaseRequest>;

/**
 * Issue 14 item 2: amends a case (type, moderator, reason, expiry, hidden). The infraction keeps one
 * text, the newest; the history keeps the case before and after, so the original is never lost.
 */
export async function amendCase(deps: BureauWriteDeps, number: number, changes: AmendCase, actor: HistoryActor): Promise<CaseAnswer> {
  // Decision 0042: the case, its infraction's text, the lift job of a new expiry (0041), the ban it
  // wrote and the history are kept together or not at all.
  await inOneTransaction(deps, (tx) => amendInTransaction(tx, number, changes, actor));
  return caseAnswer(deps, number);
}

async function amendInTransaction(tx: BureauWriteDeps, number: number, changes: AmendCase, actor: HistoryActor): Promise<void> {
  const { row, infraction } = await loadCase(tx, number);
  if (changes.expiresAt != null && changes.expiresAt <= tx.now() && changes.expiresAt !== row.expires_at)
    throw new DomainError('invalid_input', 'expiresAt: must be later than now (to end a case now, expire it)');
  const type = changes.type ?? row.type;
  const expiresAt = changes.expiresAt !== undefined ? changes.expiresAt : row.expires_at;
  // Decision 0031: a lifted ban stays lifted; banning again is a new case (its own date and history).
  if (row.lifted_at !== null && (type !== row.type || expiresAt !== row.expires_at))
    throw new DomainError('invalid_input', 'This ban was lifted when its case ended: open a new case to ban again.');
  if (expiresAt !== null && !caseTypeExpires(type)) throw new DomainError('invalid_input', `expiresAt: a ${type} case does not expire`);
  const text = {
    moderator: changes.moderator !== undefined ? changes.moderator : infraction.moderator,
    reason: changes.reason !== undefined ? changes.reason : infraction.reason,
    note: infraction.note,
  };
  const before = caseSnapshot(row, infraction);
  await tx.db
    .updateTable('bureau_cases')
    .set({ type, expires_at: expiresAt, hidden: changes.hidden === undefined ? row.hidden : changes.hidden ? 1 : 0 })
    .where('id', '=', row.id)
    .execute();
  if (row.lifted_at === null && (expiresAt !== row.expires_at || type !== row.type))
    await scheduleCaseExpiry(tx, { ...row, type, expires_at: expiresAt }, tx.db);
  if (text.moderator !== infraction.moderator || text.reason !== infraction.reason)
    await tx.registry.addInfraction({ ...infraction, ...text });
  const updated = (await findCaseRow(tx, row.id))!;
  const after = caseSnapshot(updated, text);
  if (JSON.stringify(before) !== JSON.stringify(after))
    await recordHistory(tx, { ...caseHistoryKey(updated), action: 'case.amended', actor, before, after });

  // A new type does to the Roblox ban what opening the case with it would have done, unless a later
  // case owns the ban (or the case has already ended: nothing to ban then).
  if (
    updated.platform === 'Roblox' &&
    type !== row.type &&
    !(type === 'ban' && isExpired(updated, tx.now())) &&
    !(await laterCaseOwnsBan(tx, updated))
  ) {
    await applyBanEffect(tx, { subjectId: updated.subject_id, type, previousType: row.type, ...text }, updated.id, actor);
    return;
  }
  // The Roblox ban this case wrote follows its text while it stands.
  if (updated.platform === 'Roblox' && updated.type === 'ban' && updated.lifted_at === null) {
    const ban = await tx.registry.findBan(updated.subject_id);
    if (ban && (ban.moderator !== text.moderator || ban.reason !== text.reason)) {
      const next = { ...ban, moderator: text.moderator, reason: text.reason };
      await tx.registry.setBan(next);
      await recordHistory(tx, {
        entity: 'ban',
        key: updated.subject_id,
        robloxId: updated.subject_id,
        action: 'ban.updated',
        actor,
        before: ban,
        after: { ...next, case: updated.id },
      });
    }
  }
}
