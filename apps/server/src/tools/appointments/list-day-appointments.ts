import type { StaffDayAnswer, StaffDayQuery } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';
import { readRange } from './list-range-appointments';
import { toStaffAppointment } from './to-appointment';

/**
 * Staff view: one day's bookings (that day in the booking time zone), cancelled ones included. Decision
 * 0073: capped as the calendar's views are (it stopped at 1,000 without saying so), and says when.
 */
export async function listDayAppointments(
  deps: Pick<AppointmentsDeps, 'db' | 'timeZone' | 'limits'>,
  query: StaffDayQuery,
): Promise<StaffDayAnswer> {
  const { rows, truncated } = await readRange(deps, { from: query.date, to: query.date }, deps.limits.staffListRows);
  return { date: query.date, timeZone: deps.timeZone, appointments: rows.map(toStaffAppointment), truncated };
}
