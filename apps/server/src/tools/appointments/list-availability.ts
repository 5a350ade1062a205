import { sql } from 'kysely';
import type { AvailabilityAnswer, AvailableDay } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';
import { addDays, dayRange, localDayOf, slotStartsOn } from './booking-rules';
import { loadBookingRules } from './load-booking-rules';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Issue 15 item 1: the free slots of the next `days` days (today first, in the booking time zone),
 * from the working plan, holidays and exceptions, minimum notice and horizon, less the seats booked.
 * One grouped read of the range's booked seats (the (starts_at, seat) index covers it).
 */
export async function listAvailability(
  deps: Pick<AppointmentsDeps, 'db' | 'now' | 'timeZone' | 'defaultSettings'>,
  days: number,
): Promise<AvailabilityAnswer> {
  const rules = await loadBookingRules(deps);
  const now = deps.now();
  const today = localDayOf(now, rules.timeZone);
  const earliest = now + rules.minNoticeMinutes * 60_000;
  const latest = now + rules.maxDaysAhead * 86_400_000;
  const plan = Array.from({ length: days }, (_, i) => addDays(today, i)).map((day) => ({ day, starts: slotStartsOn(rules, day) }));
  const from = dayRange(today.date, rules.timeZone).from;
  const to = dayRange(addDays(today, days).date, rules.timeZone).from;
  const booked = await deps.db
    .selectFrom('appointments')
    .select(['starts_at', sql<number>`count(*)`.as('taken')])
    .where('status', '=', 'booked')
    .where('starts_at', '>=', Math.max(from, earliest))
    .where('starts_at', '<', to)
    // Issue 15 item 6: a seat held for a waitlist offer is taken until its time (the person offered books by its link).
    .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '>', now)]))
    .groupBy('starts_at')
    .execute();
  const taken = new Map(booked.map((r) => [Number(r.starts_at), Number(r.taken)]));
  let next: number | null = null;
  const answerDays: AvailableDay[] = plan.map(({ day, starts }) => {
    const bookable = starts.filter((s) => s > now && s >= earliest && s <= latest);
    const slots = bookable
      .map((s) => ({ s, free: rules.capacity - (taken.get(s) ?? 0) }))
      .filter((x) => x.free > 0)
      .map(({ s, free }) => {
        next ??= s;
        return { start: iso(s), end: iso(s + rules.slotMinutes * 60_000), free };
      });
    return { date: day.date, open: starts.length > 0, full: bookable.length > 0 && slots.length === 0, slots };
  });
  return { timeZone: rules.timeZone, slotMinutes: rules.slotMinutes, next: next === null ? null : iso(next), days: answerDays };
}
