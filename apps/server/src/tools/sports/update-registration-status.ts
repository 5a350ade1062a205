import { STATUS_LABELS, type UpdateRegistrationStatusAnswer, type UpdateRegistrationStatusRequest } from '@guildhall/contracts/sports';
import { isUniqueViolation } from '../../core/db/database';
import { conflict, notFound } from '../../core/http/http-error';
import { selectAdminRows, toAdminRow } from './list-sport-registrations';
import type { SportsDeps } from './sports-deps';
import { sportsDb } from './sports-tables';

/**
 * 002 §4: an admin may set any of the four statuses on a row. Moving a not_selected row back to an
 * active status while the student holds another active registration would break "one sport per
 * student", so the unique index refuses it and we answer 409.
 */
export async function updateRegistrationStatus(deps: SportsDeps, input: UpdateRegistrationStatusRequest): Promise<UpdateRegistrationStatusAnswer> {
  const db = sportsDb(deps.database.db);
  let updated: bigint;
  try {
    const result = await db
      .updateTable('sport_registrations')
      .set({ status: input.status, updated_at: deps.now() })
      .where('id', '=', input.registration_id)
      .executeTakeFirst();
    updated = result.numUpdatedRows;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This student is already registered for another sport, so this registration cannot be made active again.');
    throw error;
  }
  // 0 rows: the student withdrew first (or the id never existed).
  if (updated === 0n) throw notFound('This registration no longer exists; the student may have withdrawn.');
  const row = await selectAdminRows(db).where('r.id', '=', input.registration_id).executeTakeFirst();
  // Set back to pending_selection, the student may withdraw in between.
  if (!row) throw notFound('This registration no longer exists; the student may have withdrawn.');
  return { message: `Status changed to "${STATUS_LABELS[input.status]}".`, registration: toAdminRow(row) };
}
