import type { AppointmentsDb } from './appointments-tables';
import { slotStartsOn } from './booking-rules';
import { type RulesChange, bookedOn } from './bookings-ahead';

/**
 * Decision 0055: the days, from today on, that had times under `before` and have none under `after`
 * (a holiday or a closed day just added) and still hold bookings, with their counts. Bookings already
 * made stay as they are (issue 15 item 3), so staff are told which days to clear. Looks as far ahead
 * as either horizon or the last booking reaches; one count per newly closed day, none when the save
 * closes nothing (the usual case).
 */
export async function countBookingsOnNewlyClosedDays(
  trx: AppointmentsDb,
  { before, after, now, days }: RulesChange,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const day of days) {
    if (slotStartsOn(before, day).length === 0 || slotStartsOn(after, day).length > 0) continue;
    const row = await bookedOn(trx, day, after.timeZone, now)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) > 0) counts.set(day.date, Number(row.n));
  }
  return counts;
}
