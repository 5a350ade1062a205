import {
  STATUS_LABELS,
  type BulkUpdateRegistrationStatusAnswer,
  type BulkUpdateRegistrationStatusRequest,
  type UpdateRegistrationStatusAnswer,
  type UpdateRegistrationStatusRequest,
  type SportsRefusalReason,
} from '@guildhall/contracts/sports';
import { isUniqueViolation } from '@server/core/db/database';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import { DomainError } from '@server/core/errors/domain-error';
import { listRowsById } from './list-sport-registrations';
import { checkCapacity, countSelected, lockSport, moveUpFromWaitingList, statusColumns, type SportsTx } from './sport-team';
import type { SportsDeps } from './sports-deps';

/**
 * 002 §4: an admin may set any of the four statuses on a row. Moving a not_selected row back to an
 * active status while the student holds another active registration would break "one sport per
 * student", so the unique index refuses it and we answer 409. Issue 16 item 3: selecting past the
 * sport's spots needs confirm_over_capacity, and a Main Player who stops being one lets the first
 * reserve move up.
 */
export async function updateRegistrationStatus(
  deps: SportsDeps,
  input: UpdateRegistrationStatusRequest,
): Promise<UpdateRegistrationStatusAnswer> {
  const { db } = deps;
  const found = await db.selectFrom('sport_registrations').select('sport_id').where('id', '=', input.registration_id).executeTakeFirst();
  if (!found) throw new DomainError('sports.registration_gone');
  const { movedUp } = await changeStatuses(
    deps,
    found.sport_id,
    [input.registration_id],
    input.status,
    input.confirm_over_capacity,
    input.student_id,
  );
  const rows = await listRowsById(deps, found.sport_id, [input.registration_id, ...movedUp]);
  const row = rows.get(input.registration_id);
  // Set back to pending_selection, the student may withdraw in between.
  if (!row) throw new DomainError('sports.registration_gone');
  return {
    message: `Status changed to "${STATUS_LABELS[input.status]}".`,
    registration: row,
    moved_up: movedUp.flatMap((id) => rows.get(id) ?? []),
  };
}

/** Issue 16 item 3: one status for several registrations of one sport, all or none. */
export async function bulkUpdateRegistrationStatus(
  deps: SportsDeps,
  input: BulkUpdateRegistrationStatusRequest,
): Promise<BulkUpdateRegistrationStatusAnswer> {
  const { movedUp } = await changeStatuses(deps, input.sport_id, input.registration_ids, input.status, input.confirm_over_capacity);
  const rows = await listRowsById(deps, input.sport_id, [...input.registration_ids, ...movedUp]);
  const n = input.registration_ids.length;
  return {
    message: `Status changed to "${STATUS_LABELS[input.status]}" for ${n} registration${n === 1 ? '' : 's'}.`,
    registrations: input.registration_ids.flatMap((id) => rows.get(id) ?? []),
    moved_up: movedUp.flatMap((id) => rows.get(id) ?? []),
  };
}

async function changeStatuses(
  deps: SportsDeps,
  sportId: number,
  ids: readonly number[],
  status: UpdateRegistrationStatusRequest['status'],
  confirmOverCapacity: boolean | undefined,
  seenStudentId?: string,
): Promise<{ movedUp: number[] }> {
  // Two leads moving the same students back to active in two sports each hold one student's place in
  // the one-active index and wait for the other's: PostgreSQL ends one as a deadlock. That one runs
  // again whole after the other commits, and is then refused below as any second active place is.
  const write = () =>
    deps.db.transaction().execute(async (tx) => {
      const sport = await lockSport(tx, sportId);
      if (!sport) throw new DomainError('not_found', 'No such sport.', { reason: 'sport_missing' satisfies SportsRefusalReason });
      const rows = await tx
        .selectFrom('sport_registrations as r')
        .innerJoin('school_accounts as a', 'a.id', 'r.account_id')
        .select(['r.id', 'r.sport_id', 'r.status', 'a.student_id'])
        .where('r.id', 'in', ids)
        .execute();
      if (rows.length < ids.length) {
        if (ids.length === 1) throw new DomainError('sports.registration_gone');
        const missing = ids.filter((id) => !rows.some((r) => r.id === id));
        throw new DomainError(
          'sports.registration_gone',
          `Registration ${missing.join(', ')} no longer exists; the student may have withdrawn.`,
          { ids: missing.join(', ') },
        );
      }
      if (rows.some((r) => r.sport_id !== sportId)) throw new DomainError('sports.wrong_sport');
      // Issue 10 item 10: the row must still be the student the admin saw.
      const [first] = rows;
      if (seenStudentId !== undefined && first && first.student_id !== seenStudentId)
        throw new DomainError(
          'sports.list_out_of_date',
          `Registration ${first.id} is no longer student ${seenStudentId}'s: the list was out of date. Reload it and try again.`,
          { id: first.id, studentId: seenStudentId },
        );
      const changing = rows.filter((r) => r.status !== status);
      const selectedBefore = await countSelected(tx, sportId);
      if (status === 'selected') checkCapacity(sport, selectedBefore, changing.length, confirmOverCapacity);
      const now = deps.now();
      await update(
        tx,
        changing.map((r) => r.id),
        status,
        now,
      );
      const freed = status === 'selected' ? 0 : changing.filter((r) => r.status === 'selected').length;
      const places = Math.min(freed, sport.total_spots - (await countSelected(tx, sportId)));
      return { movedUp: await moveUpFromWaitingList(tx, sportId, places, now, ids) };
    });
  try {
    return await retryOnWriteConflict(write, {
      deadlocksOnly: true,
      attempts: 5,
      giveUp: 'These registrations were being changed by someone else at the same moment. Please try again.',
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('sports.student_already_active');
    throw error;
  }
}

async function update(tx: SportsTx, ids: number[], status: UpdateRegistrationStatusRequest['status'], now: number) {
  if (ids.length === 0) return;
  await tx.updateTable('sport_registrations').set(statusColumns(status, now)).where('id', 'in', ids).execute();
}
