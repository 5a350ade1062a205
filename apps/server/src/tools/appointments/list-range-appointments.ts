import type { StaffRangeAnswer, StaffRangeQuery } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';
import { dayRange } from './booking-rules';
import { type AppointmentRow, toStaffAppointment } from './to-appointment';

export type RangeRow = AppointmentRow & { display_name: string | null };

/**
 * The bookings (cancelled included) of the days from..to inclusive, in the booking time zone, with
 * names, by time: at most `limit` of them, from just after `after` (the last row of the page before)
 * when given. Decision 0073: one more row is read, so a capped answer knows it is `truncated`.
 */
export async function readRange(
  deps: Pick<AppointmentsDeps, 'db' | 'timeZone'>,
  query: StaffRangeQuery,
  limit: number,
  after?: { starts_at: number; id: number },
): Promise<{ rows: RangeRow[]; truncated: boolean }> {
  const from = dayRange(query.from, deps.timeZone).from;
  const to = dayRange(query.to, deps.timeZone).to;
  const rows = await deps.db
    .selectFrom('appointments')
    .leftJoin('appointment_line_users', 'appointment_line_users.line_user_id', 'appointments.line_user_id')
    .selectAll('appointments')
    .select('appointment_line_users.display_name')
    .where('appointments.starts_at', '>=', from)
    .where('appointments.starts_at', '<', to)
    .where('appointments.held_until', 'is', null) // waitlist holds are not bookings (issue 15 item 6)
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('appointments.starts_at', '>', after!.starts_at),
          eb.and([eb('appointments.starts_at', '=', after!.starts_at), eb('appointments.id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('appointments.starts_at')
    .orderBy('appointments.id')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit), truncated: rows.length > limit };
}

/**
 * Issue 15 item 5: the staff calendar's day and week views. Decision 0073: at most
 * APPOINTMENT_STAFF_LIST_MAX_ROWS bookings, the first by time; a range holding more says `truncated`.
 */
export async function listRangeAppointments(
  deps: Pick<AppointmentsDeps, 'db' | 'timeZone' | 'limits'>,
  query: StaffRangeQuery,
): Promise<StaffRangeAnswer> {
  const { rows, truncated } = await readRange(deps, query, deps.limits.staffListRows);
  return { from: query.from, to: query.to, timeZone: deps.timeZone, appointments: rows.map(toStaffAppointment), truncated };
}
