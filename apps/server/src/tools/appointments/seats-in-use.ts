import type { ExpressionBuilder } from 'kysely';
import type { AppointmentsTables } from './appointments-tables';

/**
 * Decision 0052: a booking (or a waitlist hold) takes its seat for its whole length, [starts_at,
 * ends_at), not only at its start. After staff change the slot length or an opening time, old
 * bookings are off the new grid (10:00-10:30 under 45-minute slots from 09:00 overlaps 09:45-10:30),
 * so "taken" means "overlaps", never "starts at the same instant".
 */
export type SeatRow = { starts_at: number; ends_at: number; seat: number };
/** A time range held by `n` rows (availability reads them grouped by range; one row when `n` is absent). */
export type SeatSpan = { starts_at: number; ends_at: number; n?: number };

/**
 * Rows that could overlap [startsAt, endsAt): starts before its end and ends after its start. A slot
 * lies inside one day's opening hours (slotMinutesOfDay), so a booking is at most a day long: the
 * lower bound on starts_at is implied, and lets the (starts_at, ...) index bound the read.
 */
export function overlapping(startsAt: number, endsAt: number) {
  return (eb: ExpressionBuilder<AppointmentsTables, 'appointments'>) =>
    eb.and([eb('starts_at', '<', endsAt), eb('starts_at', '>', startsAt - 86_400_000), eb('ends_at', '>', startsAt)]);
}

/**
 * The most seats in use at any one instant of [startsAt, endsAt) by `rows` (booked rows and holds that
 * count). The count of a slot's free seats is the capacity less this: one seat may be used by a booking
 * ending inside the range and another starting after it, and that is one seat, not two.
 */
export function seatsInUse(rows: readonly SeatSpan[], startsAt: number, endsAt: number): number {
  const over = rows.filter((r) => r.starts_at < endsAt && r.ends_at > startsAt);
  // The count only rises where a booking starts: the range's start and each start inside it.
  let most = seatsHeldAt(over, startsAt);
  for (const r of over) if (r.starts_at > startsAt) most = Math.max(most, seatsHeldAt(over, r.starts_at));
  return most;
}

/** The seats `rows` hold at the instant `at` (a row holds its seat from its start to just before its end). */
export function seatsHeldAt(rows: readonly SeatSpan[], at: number): number {
  return rows.reduce((sum, r) => (r.starts_at <= at && r.ends_at > at ? sum + (r.n ?? 1) : sum), 0);
}

/**
 * A seat number for a new row at [startsAt, endsAt), or null when as many as `capacity` are in use at
 * some instant of it. `prefer` (a freed seat's number) when no overlapping row holds it, else the
 * lowest number none holds. When every number up to the capacity is held by some overlapping row but
 * never all at once (bookings of other lengths around it), the lowest number free among rows with the
 * same start: the (starts_at, seat) unique index only asks that much, and the count above is the rule.
 */
export function freeSeat(rows: readonly SeatRow[], startsAt: number, endsAt: number, capacity: number, prefer?: number): number | null {
  if (seatsInUse(rows, startsAt, endsAt) >= capacity) return null;
  const over = rows.filter((r) => r.starts_at < endsAt && r.ends_at > startsAt);
  const held = new Set(over.map((r) => r.seat));
  if (prefer !== undefined && prefer <= capacity && !held.has(prefer)) return prefer;
  // Else null is unreachable: fewer than `capacity` rows start at startsAt, as fewer than that are in use there.
  return lowestFree(held, capacity) ?? lowestFree(new Set(over.filter((r) => r.starts_at === startsAt).map((r) => r.seat)), capacity);
}

/** The lowest number from 1 to `limit` not in `used`, or null. */
export function lowestFree(used: ReadonlySet<number>, limit: number): number | null {
  for (let k = 1; k <= limit; k++) if (!used.has(k)) return k;
  return null;
}
