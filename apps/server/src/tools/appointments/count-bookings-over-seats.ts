import type { OverSeatsReport } from '@guildhall/contracts/appointments';
import type { AppointmentsDb } from './appointments-tables';
import { type LocalDay, localDayOf, slotStartsOn } from './booking-rules';
import { type RulesChange, bookedOnDaysAhead } from './bookings-ahead';
import { type SeatSpan, seatsHeldAt } from './seats-in-use';

/**
 * Beside decision 0055's closed days and hours: a save that lowers the seats per slot leaves the
 * bookings already made in their seats (decision 0052), so a slot booked by three keeps three under two
 * seats; the save said only "Saved". For each day from today on (as far ahead as either horizon or the last booking), still
 * open, each time a booking starts with more bookings under way than the new seats, and how many: the
 * count only rises where a booking starts (seats-in-use.ts), so these instants are where it is over.
 * Nothing when the save did not lower the seats (the usual case); a closed day is in closedDays instead.
 */
export async function countBookingsOverSeats(trx: AppointmentsDb, change: RulesChange): Promise<OverSeatsReport[]> {
  const { before, after } = change;
  if (after.capacity >= before.capacity) return [];
  const rows = await bookedOnDaysAhead(trx, change).select(['starts_at', 'ends_at']).orderBy('starts_at').execute();
  // A booking lies in one day's opening hours (slotMinutesOfDay), so each day is counted on its own.
  const days = new Map<string, { day: LocalDay; spans: SeatSpan[] }>();
  for (const row of rows) {
    const span = { starts_at: Number(row.starts_at), ends_at: Number(row.ends_at) };
    const day = localDayOf(span.starts_at, after.timeZone);
    const entry = days.get(day.date) ?? days.set(day.date, { day, spans: [] }).get(day.date)!;
    entry.spans.push(span);
  }
  const report: OverSeatsReport[] = [];
  for (const { day, spans } of days.values()) {
    if (slotStartsOn(after, day).length === 0) continue;
    const starts = [...new Set(spans.map((s) => s.starts_at))];
    const slots = starts
      .map((start) => ({ start: new Date(start).toISOString(), bookings: seatsHeldAt(spans, start) }))
      .filter((slot) => slot.bookings > after.capacity);
    if (slots.length > 0) report.push({ date: day.date, slots });
  }
  return report;
}
