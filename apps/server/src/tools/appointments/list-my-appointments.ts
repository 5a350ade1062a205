import type { MyAppointmentsAnswer } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';
import { toAppointment } from './to-appointment';

const PAST_SHOWN = 20;

/** Issue 15 item 2: the LINE user's own bookings, upcoming (soonest first) and past (latest first). */
export async function listMyAppointments(
  deps: Pick<AppointmentsDeps, 'db' | 'now' | 'timeZone'>,
  lineUserId: string,
): Promise<MyAppointmentsAnswer> {
  const now = deps.now();
  // A seat held for this user's waitlist offer is not a booking yet (issue 15 item 6).
  const base = deps.db.selectFrom('appointments').selectAll().where('line_user_id', '=', lineUserId).where('held_until', 'is', null);
  const [upcoming, past] = await Promise.all([
    base.where('starts_at', '>', now).orderBy('starts_at').orderBy('id').limit(200).execute(),
    base.where('starts_at', '<=', now).orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(PAST_SHOWN).execute(),
  ]);
  return { timeZone: deps.timeZone, upcoming: upcoming.map(toAppointment), past: past.map(toAppointment) };
}
