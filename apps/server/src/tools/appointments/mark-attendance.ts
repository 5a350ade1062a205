import type { Attendance, CancelAppointmentAnswer } from '@guildhall/contracts/appointments';
import { DomainError } from '@server/core/errors/domain-error';
import type { AppointmentsDeps } from './appointments-deps';
import { publishAppointmentChange } from './publish-appointment-change';
import { toStaffAppointment } from './to-appointment';

/** Issue 15 item 5: staff mark a booking that has started attended or a no-show (null clears it). */
export async function markAttendance(
  deps: Pick<AppointmentsDeps, 'db' | 'now' | 'events' | 'log'>,
  id: number,
  attendance: Attendance | null,
): Promise<CancelAppointmentAnswer> {
  const now = deps.now();
  const existing = await deps.db
    .selectFrom('appointments')
    .select(['status', 'starts_at', 'held_until'])
    .where('id', '=', id)
    .executeTakeFirst();
  // A seat held for a waitlist offer is not a booking (issue 15 item 6).
  if (!existing || existing.held_until !== null) throw new DomainError('not_found', 'There is no appointment with that id.');
  if (existing.status !== 'booked') throw new DomainError('appointments.already_cancelled');
  if (existing.starts_at > now) throw new DomainError('appointments.not_started');
  const row = await deps.db
    .updateTable('appointments')
    .set({ attendance, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new DomainError('appointments.already_cancelled');
  const user = await deps.db
    .selectFrom('appointment_line_users')
    .select('display_name')
    .where('line_user_id', '=', row.line_user_id)
    .executeTakeFirst();
  publishAppointmentChange(deps, { kind: 'attendance', id, datetime: new Date(row.starts_at).toISOString() });
  return { appointment: toStaffAppointment({ ...row, display_name: user?.display_name ?? null }) };
}
