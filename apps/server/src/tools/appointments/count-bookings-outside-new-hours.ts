import { readZonedTime } from '@guildhall/contracts/zoned-time';
import type { AppointmentsDb } from './appointments-tables';
import { hoursOn, minutesOf } from './booking-rules';
import { type RulesChange, bookedOn } from './bookings-ahead';

/**
 * Beside decision 0055's closed days: the days, from today on, that stay open but whose hours this save
 * changed, with the bookings now outside them (starting before the opening, ending after the close, or
 * meeting a break). Bookings already made stay as they are (issue 15 item 3); a shortened day said
 * only "Saved", so staff did not learn that a 16:00 booking now lay after a 12:00 close. A day the save
 * closes is counted by countBookingsOnNewlyClosedDays instead. Looks as far ahead as either horizon or the last booking.
 */
export async function countBookingsOutsideNewHours(
  trx: AppointmentsDb,
  { before, after, now, days }: RulesChange,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const day of days) {
    const hours = hoursOn(after, day);
    if (!hours || JSON.stringify(hours) === JSON.stringify(hoursOn(before, day))) continue;
    const rows = await bookedOn(trx, day, after.timeZone, now).select(['starts_at', 'ends_at']).execute();
    const opens = minutesOf(hours.opens);
    const closes = minutesOf(hours.closes);
    const outside = rows.filter((row) => {
      const wall = readZonedTime(Number(row.starts_at), after.timeZone);
      const start = wall.hour * 60 + wall.minute;
      const end = start + (Number(row.ends_at) - Number(row.starts_at)) / 60_000;
      return start < opens || end > closes || hours.breaks.some((b) => start < minutesOf(b.end) && end > minutesOf(b.start));
    }).length;
    if (outside > 0) counts.set(day.date, outside);
  }
  return counts;
}
