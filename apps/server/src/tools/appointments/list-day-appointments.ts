import type { StaffDayAnswer, StaffDayQuery } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';
import { dayRange } from './booking-rules';
import { toStaffAppointment } from './to-appointment';

/** Staff view: one day's bookings (that day in the booking time zone), cancelled ones included. */
export async function listDayAppointments(deps: Pick<AppointmentsDeps, 'db' | 'rules'>, query: StaffDayQuery): Promise<StaffDayAnswer> {
  const { from, to } = dayRange(query.date, deps.rules.timeZone);
  const rows = await deps.db
    .selectFrom('appointments')
    .leftJoin('appointment_line_users', 'appointment_line_users.line_user_id', 'appointments.line_user_id')
    .selectAll('appointments')
    .select('appointment_line_users.display_name')
    .where('appointments.starts_at', '>=', from)
    .where('appointments.starts_at', '<', to)
    .orderBy('appointments.starts_at')
    .orderBy('appointments.id')
    .limit(1000)
    .execute();
  return { date: query.date, timeZone: deps.rules.timeZone, appointments: rows.map(toStaffAppointment) };
}
