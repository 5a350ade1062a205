import { type AmendCaseRequest, type CaseAnswer, type HistoryActor, caseTypeExpires } from '@guildhall/contracts/bureau';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { z } from 'zod';
import { DomainError } from '@server/core/errors/domain-error';
import type { BureauWriteDeps } from './bureau-deps';
import { type CaseCheck, type CaseRow, caseAnswer, caseHistoryKey, caseSnapshot, findCaseRow, isExpired, loadCase } from './bureau-cases';
import type { BureauDb } from './bureau-tables';
import { applyBanEffect, laterCaseOwnsBan } from './case-ban-effect';
import { recordHistory } from './bureau-history';
import { inOneTransaction } from './in-one-transaction';
import { scheduleCaseExpiry } from './lift-expired-ban';

type AmendCase = z.output<typeof AmendCaseRequest>;
type Expected = NonNullable<AmendCase['expected']>;
type BureauTablesWithCore = BureauDb extends Kysely<infer T> ? T : never;

/**
 * Issue 14 item 2: amends a case (type, moderator, reason, expiry, hidden). The infraction keeps one
 * text, the newest; the history keeps the case before and after, so the original is never lost.
 */
export async function amendCase(
  deps: BureauWriteDeps,
  number: number,
  changes: AmendCase,
  actor: HistoryActor,
  check?: CaseCheck,
): Promise<CaseAnswer> {
  // Decision 0042: the case, its infraction's text, the lift job of a new expiry (0041), the ban it
  // wrote and the history are kept together or not at all.
  await inOneTransaction(deps, (tx) => amendInTransaction(tx, number, changes, actor, check));
  return caseAnswer(deps, number);
}

/** The 409 of a stale amendment: the staff member's form is older than the case (issue 14 item 2). */
export const STALE_AMENDMENT = 'Someone else changed this case since you opened it. Reload to see their change, then amend again.';

/**
 * The WHERE of a guarded amendment: the case row still holds what the form opened with, and so does
 * its infraction's text (001 §3 Moderator, Reason: kept in the registry, which a bot's replace of the
 * same infraction id writes too). Only the fields named are compared.
 */
function stillAsExpected(expected: Expected, row: CaseRow) {
  return (eb: ExpressionBuilder<BureauTablesWithCore, 'bureau_cases'>) => {
    const { type, expiresAt, hidden, moderator, reason } = expected;
    const conditions = [];
    if (type !== undefined) conditions.push(eb('type', '=', type));
    if (expiresAt !== undefined) conditions.push(expiresAt === null ? eb('expires_at', 'is', null) : eb('expires_at', '=', expiresAt));
    if (hidden !== undefined) conditions.push(eb('hidden', '=', hidden ? 1 : 0));
    if (moderator !== undefined || reason !== undefined)
      conditions.push(
        eb.exists(
          eb
            .selectFrom('registry_infractions as i')
            .select(eb.lit(1).as('one'))
            .where('i.platform', '=', row.platform)
            .where('i.subject_id', '=', row.subject_id)
            .where('i.id', '=', row.infraction_id)
            .$if(moderator !== undefined, (q) =>
              moderator === null ? q.where('i.moderator', 'is', null) : q.where('i.moderator', '=', moderator!),
            )
            .$if(reason !== undefined, (q) => (reason === null ? q.where('i.reason', 'is', null) : q.where('i.reason', '=', reason!))),
        ),
      );
    return eb.and(conditions);
  };
}

async function amendInTransaction(
  tx: BureauWriteDeps,
  number: number,
  changes: AmendCase,
  actor: HistoryActor,
  check: CaseCheck | undefined,
): Promise<void> {
  const { row, infraction } = await loadCase(tx, number, check);
  const type = changes.type ?? row.type;
  const expiresAt = changes.expiresAt !== undefined ? changes.expiresAt : row.expires_at;
  const text = {
    moderator: changes.moderator !== undefined ? changes.moderator : infraction.moderator,
    reason: changes.reason !== undefined ? changes.reason : infraction.reason,
    note: infraction.note,
  };
  // Issue 14 item 2 (lost update): two staff amend the same case from the same page; the second, whose
  // form is older than the first's change, must not silently replace it. Compare-and-set: the update
  // itself carries what the form opened with, so no read-then-check can race it. It runs first, so a
  // stale form hears that (and reloads) rather than a rule about values it has not seen; a refusal
  // below rolls it back with the rest (decision 0042). Without `expected` (bots, older callers) the
  // case is amended as before.
  const { expected } = changes;
  const written = await tx.db
    .updateTable('bureau_cases')
    .set({ type, expires_at: expiresAt, hidden: changes.hidden === undefined ? row.hidden : changes.hidden ? 1 : 0 })
    .where('id', '=', row.id)
    .$if(expected !== undefined, (query) => query.where(stillAsExpected(expected!, row)))
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) === 0) throw new DomainError('conflict', STALE_AMENDMENT);

  if (changes.expiresAt != null && changes.expiresAt <= tx.now() && changes.expiresAt !== row.expires_at)
    throw new DomainError('invalid_input', 'expiresAt: must be later than now (to end a case now, expire it)');
  // Decision 0031: a lifted ban stays lifted; banning again is a new case (its own date and history).
  if (row.lifted_at !== null && (type !== row.type || expiresAt !== row.expires_at))
    throw new DomainError('invalid_input', 'This ban was lifted when its case ended: open a new case to ban again.');
  if (expiresAt !== null && !caseTypeExpires(type)) throw new DomainError('invalid_input', `expiresAt: a ${type} case does not expire`);
  const before = caseSnapshot(row, infraction);
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
