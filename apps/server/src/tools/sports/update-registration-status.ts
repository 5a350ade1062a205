import { STATUS_LABELS, type UpdateRegistrationStatusAnswer, type UpdateRegistrationStatusRequest } from '@guildhall/contracts/sports';
import { isUniqueViolation } from '@server/core/db/database';
import { DomainError } from '@server/core/errors/domain-error';
import { selectAdminRows, toAdminRow } from './list-sport-registrations';
import type { SportsDeps } from './sports-deps';

/**
 * 002 §4: an admin may set any of the four statuses on a row. Moving a not_selected row back to an
 * active status while the student holds another active registration would break "one sport per
 * student", so the unique index refuses it and we answer 409.
 */
export async function updateRegistrationStatus(
  deps: SportsDeps,
  input: UpdateRegistrationStatusRequest,
): Promise<UpdateRegistrationStatusAnswer> {
  const { db } = deps;
  let updated: bigint;
  try {
    let update = db
      .updateTable('sport_registrations')
      .set({ status: input.status, updated_at: deps.now() })
      .where('id', '=', input.registration_id);
    // Issue 10 item 10: the row must still be the student the admin saw, checked in the same statement.
    if (input.student_id !== undefined) {
      const seen = input.student_id;
      update = update.where('account_id', 'in', (eb) => eb.selectFrom('school_accounts').select('id').where('student_id', '=', seen));
    }
    const result = await update.executeTakeFirst();
    updated = result.numUpdatedRows;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('sports.student_already_active');
    throw error;
  }
  if (updated === 0n) {
    const current = await selectAdminRows(db).where('r.id', '=', input.registration_id).executeTakeFirst();
    if (current && input.student_id !== undefined)
      throw new DomainError(
        'sports.list_out_of_date',
        `Registration ${input.registration_id} is no longer student ${input.student_id}'s: the list was out of date. Reload it and try again.`,
      );
    // The student withdrew first (or the id never existed).
    throw new DomainError('sports.registration_gone');
  }
  const row = await selectAdminRows(db).where('r.id', '=', input.registration_id).executeTakeFirst();
  // Set back to pending_selection, the student may withdraw in between.
  if (!row) throw new DomainError('sports.registration_gone');
  return { message: `Status changed to "${STATUS_LABELS[input.status]}".`, registration: toAdminRow(row) };
}
