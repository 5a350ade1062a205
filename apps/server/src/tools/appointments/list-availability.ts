import { sql } from 'kysely';
import type { AvailabilityAnswer, AvailableDay } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';
import { addDays, dayRange, localDayOf, slotStartsOn } from './booking-rules';
import { loadBookingRules } from './load-booking-rules';
import { type SeatSpan, overlapping, seatsInUse } from './seats-in-use';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Issue 15 item 1: the free slots of the next `days` days (today first, in the booking time zone),
 * from the working plan, holidays and exceptions, minimum notice and horizon, less the seats booked.
 * One read of the range's booked rows. Decision 0052: a booking takes its seat for its whole length,
 * so a slot's free seats are the capacity less the most rows overlapping it at any one instant, not
 * less the rows starting with it (after the slot length or an opening time changed, old bookings lie
 * across the new grid). claimSeats counts the same way (seats-in-use.ts).
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
  const lower = Math.max(from, earliest);
  // Grouped by range: a slot's seats are one row per booked range with its count (a few hundred for
  // 60 days), not one per booking (10,000 rows read into objects cost the availability bench 2.4x).
  const booked = await deps.db
    .selectFrom('appointments')
    .select(['starts_at', 'ends_at', sql<number>`count(*)`.as('n')])
    .where('status', '=', 'booked')
    .where(overlapping(lower, to))
    // Issue 15 item 6: a seat held for a waitlist offer is taken until its time (the person offered books by its link).
    .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '>', now)]))
    .groupBy(['starts_at', 'ends_at'])
    .execute();
  // Ranges by the day they start on (counted from `from`), so each slot looks only at its own day and
  // the one before (a booking is at most a day long, seats-in-use.ts).
  const byDay = new Map<number, SeatSpan[]>();
  for (const r of booked) {
    const span = { starts_at: Number(r.starts_at), ends_at: Number(r.ends_at), n: Number(r.n) };
    const k = Math.floor((span.starts_at - from) / 86_400_000);
    const day = byDay.get(k);
    if (day) day.push(span);
    else byDay.set(k, [span]);
  }
  const length = rules.slotMinutes * 60_000;
  const inUse = (s: number) => {
    const k = Math.floor((s - from) / 86_400_000);
    return seatsInUse([...(byDay.get(k - 1) ?? []), ...(byDay.get(k) ?? [])], s, s + length);
  };
  let next: number | null = null;
  const answerDays: AvailableDay[] = plan.map(({ day, starts }) => {
    const bookable = starts.filter((s) => s > now && s >= earliest && s <= latest);
    const slots = bookable
      .map((s) => ({ s, free: rules.capacity - inUse(s) }))
      .filter((x) => x.free > 0)
      .map(({ s, free }) => {
        next ??= s;
        return { start: iso(s), end: iso(s + length), free };
      });
    return { date: day.date, open: starts.length > 0, full: bookable.length > 0 && slots.length === 0, slots };
  });
  return { timeZone: rules.timeZone, slotMinutes: rules.slotMinutes, next: next === null ? null : iso(next), days: answerDays };
}
