import type { StaffDayAnswer, StaffDayQuery } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';
import { readRange } from './list-range-appointments';
import { toStaffAppointment } from './to-appointment';

/** Staff view: one day's bookings (that day in the booking time zone), cancelled ones included. */
export async function listDayAppointments(deps: Pick<AppointmentsDeps, 'db' | 'timeZone'>, query: StaffDayQuery): Promise<StaffDayAnswer> {
  const rows = await readRange(deps, { from: query.date, to: query.date }, 1000);
  return { date: query.date, timeZone: deps.timeZone, appointments: rows.map(toStaffAppointment) };
}
