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
  return trx
    .selectFrom('appointments')
    .where('status', '=', 'booked')
    .where('held_until', 'is', null)
    .where('starts_at', '>=', Math.max(from, now))
    .where('starts_at', '<', to);
}
