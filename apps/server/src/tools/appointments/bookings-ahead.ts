import type { AppointmentsDb } from './appointments-tables';
import { type BookingRules, type LocalDay, addDays, dayRange, localDayOf } from './booking-rules';

/**
 * What a save of the rules reports on (decision 0055): each day from today on, as far ahead as either
 * the old or the new horizon reaches, where bookings can be.
 */
export function* daysAheadOfEither(before: BookingRules, after: BookingRules, now: number): Generator<LocalDay> {
  const today = localDayOf(now, after.timeZone);
  for (let offset = 0; offset <= Math.max(before.maxDaysAhead, after.maxDaysAhead); offset++) yield addDays(today, offset);
}

/** The booked rows (not seats held for an offer) starting on `day`, from `now` on; the caller selects. */
export function bookedOn(trx: AppointmentsDb, day: LocalDay, timeZone: string, now: number) {
  const { from, to } = dayRange(day.date, timeZone);
  return bookedBetween(trx, Math.max(from, now), to);
}

/**
 * The same rows on every day daysAheadOfEither walks, in one read: for a report that concerns every
 * day (the seats per slot) rather than the few whose hours changed. The caller selects.
 */
export function bookedOnDaysAhead(trx: AppointmentsDb, before: BookingRules, after: BookingRules, now: number) {
  let last = localDayOf(now, after.timeZone);
  for (const day of daysAheadOfEither(before, after, now)) last = day;
  return bookedBetween(trx, now, dayRange(last.date, after.timeZone).to);
}

function bookedBetween(trx: AppointmentsDb, from: number, to: number) {
  return trx
    .selectFrom('appointments')
    .where('status', '=', 'booked')
    .where('held_until', 'is', null)
    .where('starts_at', '>=', from)
    .where('starts_at', '<', to);
}
