import type { AppointmentsDb } from './appointments-tables';
import { type BookingRules, addDays, dayRange, localDayOf, slotStartsOn } from './booking-rules';

/**
 * Decision 0055: the days, from today on, that had times under `before` and have none under `after`
 * (a holiday or a closed day just added) and still hold bookings, with their counts. Bookings already
 * made stay as they are (issue 15 item 3), so staff are told which days to clear. Looks as far ahead
 * as either horizon reaches, where bookings can be; one count per newly closed day, none when the save
 * closes nothing (the usual case).
 */
export async function countBookingsOnNewlyClosedDays(
  trx: AppointmentsDb,
  before: BookingRules,
  after: BookingRules,
  now: number,
): Promise<Map<string, number>> {
  const today = localDayOf(now, after.timeZone);
  const counts = new Map<string, number>();
  for (let offset = 0; offset <= Math.max(before.maxDaysAhead, after.maxDaysAhead); offset++) {
    const day = addDays(today, offset);
    if (slotStartsOn(before, day).length === 0 || slotStartsOn(after, day).length > 0) continue;
    const { from, to } = dayRange(day.date, after.timeZone);
    const row = await trx
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'booked')
      .where('held_until', 'is', null)
      .where('starts_at', '>=', Math.max(from, now))
      .where('starts_at', '<', to)
      .executeTakeFirstOrThrow();
    if (Number(row.n) > 0) counts.set(day.date, Number(row.n));
  }
  return counts;
}
