import type { StaffRangeAnswer, StaffRangeQuery } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';
import { dayRange } from './booking-rules';
import { type AppointmentRow, toStaffAppointment } from './to-appointment';

/** The bookings (cancelled included) of the days from..to inclusive, in the booking time zone, with names. */
export async function readRange(
  deps: Pick<AppointmentsDeps, 'db' | 'timeZone'>,
  query: StaffRangeQuery,
  limit = 20_000,
): Promise<Array<AppointmentRow & { display_name: string | null }>> {
  const from = dayRange(query.from, deps.timeZone).from;
  const to = dayRange(query.to, deps.timeZone).to;
  return deps.db
    .selectFrom('appointments')
    .leftJoin('appointment_line_users', 'appointment_line_users.line_user_id', 'appointments.line_user_id')
    .selectAll('appointments')
    .select('appointment_line_users.display_name')
    .where('appointments.starts_at', '>=', from)
    .where('appointments.starts_at', '<', to)
    .where('appointments.held_until', 'is', null) // waitlist holds are not bookings (issue 15 item 6)
    .orderBy('appointments.starts_at')
    .orderBy('appointments.id')
    .limit(limit)
    .execute();
}

/** Issue 15 item 5: the staff calendar's day and week views. */
export async function listRangeAppointments(
  deps: Pick<AppointmentsDeps, 'db' | 'timeZone'>,
  query: StaffRangeQuery,
): Promise<StaffRangeAnswer> {
  const rows = await readRange(deps, query);
  return { from: query.from, to: query.to, timeZone: deps.timeZone, appointments: rows.map(toStaffAppointment) };
}
