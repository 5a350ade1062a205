import type { AppointmentsDb } from './appointments-tables';
import { type BookingRules, type LocalDay, addDays, dayRange, localDayOf } from './booking-rules';

/** A save of the rules as its reports see it: the rules before and after, when, and the days to look at. */
export interface RulesChange {
  before: BookingRules;
  after: BookingRules;
  now: number;
  days: LocalDay[];
}

/**
 * What a save of the rules reports on (decision 0055), worked out once for all its reports: each day
 * from today on, as far ahead as either the old or the new horizon reaches, or the last booking does:
 * one made before the horizon was shortened keeps its day (decision 0032), and a save that closes that
 * day concerns it too (found by review: such a day was never named).
 */
export async function rulesChange(trx: AppointmentsDb, before: BookingRules, after: BookingRules, now: number): Promise<RulesChange> {
  const today = localDayOf(now, after.timeZone);
  const last = await bookedBetween(trx, now, Number.MAX_SAFE_INTEGER)
    .select((eb) => eb.fn.max('starts_at').as('last'))
    .executeTakeFirst();
  const lastBooked = last?.last == null ? today.date : localDayOf(Number(last.last), after.timeZone).date;
  const days: LocalDay[] = [];
  for (let offset = 0; offset <= Math.max(before.maxDaysAhead, after.maxDaysAhead) || days.at(-1)!.date < lastBooked; offset++)
    days.push(addDays(today, offset));
  return { before, after, now, days };
}

/** The booked rows (not seats held for an offer) starting on `day`, from `now` on; the caller selects. */
export function bookedOn(trx: AppointmentsDb, day: LocalDay, timeZone: string, now: number) {
  const { from, to } = dayRange(day.date, timeZone);
  return bookedBetween(trx, Math.max(from, now), to);
}

/**
 * The same rows on every day of the change, in one read: for a report that concerns every day (the
 * seats per slot) rather than the few whose hours changed. The caller selects.
 */
export function bookedOnDaysAhead(trx: AppointmentsDb, { after, now, days }: RulesChange) {
  return bookedBetween(trx, now, dayRange(days.at(-1)!.date, after.timeZone).to);
}

function bookedBetween(trx: AppointmentsDb, from: number, to: number) {
  return trx
    .selectFrom('appointments')
    .where('status', '=', 'booked')
    .where('held_until', 'is', null)
    .where('starts_at', '>=', from)
    .where('starts_at', '<', to);
}
