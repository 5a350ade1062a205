import { isUniqueViolation } from '@server/core/db/database';
import { DomainError } from '@server/core/errors/domain-error';
import type { AppointmentsDeps } from './appointments-deps';
import type { AppointmentsDb } from './appointments-tables';
import type { BookingRules } from './booking-rules';
import { formatSlotTime } from './format-slot-time';
import { announceWaitlistOffer, markWaitlistBooked, passExpiredHold } from './waitlist';

/** The 409 a full slot answers, naming the slot (issue 15 item 1), so the mini-app can say which. */
export function slotTaken(startsAt: number, timeZone: string): DomainError {
  return new DomainError(
    'appointments.slot_taken',
    `This time slot has already been booked: ${formatSlotTime(startsAt, timeZone)}. Please choose another time.`,
  );
}

const lowestFree = (used: Set<number>, limit: number): number | null => {
  for (let k = 1; k <= limit; k++) if (!used.has(k)) return k;
  return null;
};

/**
 * Issue 15 item 3 (decision 0032): a booking holds one of the slot's `capacity` seats and one of the
 * user's `maxActivePerUser` places. Two unique indexes over booked rows, (starts_at, seat) and
 * (line_user_id, user_seat), settle races: this reads what is taken, tries the lowest free pair and,
 * when another writer won it first (a unique violation), reads again. Each loss means someone else
 * got a seat, so the loop ends: full (409 slot_taken), at the limit (409 too_many_active), or booked.
 * `write` inserts or moves the row with the seats given, through `db` (a transaction);
 * `excludeId` is the booking being moved.
 *
 * Issue 15 item 6: a seat held for a waitlist offer is a row under the same index (held_until set),
 * so no one else can take it. The person offered releases their hold, writes into its seat and marks
 * their entry booked in one transaction. A hold past its time whose expiry job has not run yet is
 * passed on by whoever needs the seat, as that job would (passExpiredHold): the next in line gets it,
 * and only when nobody waits is the seat free to take.
 */
export async function claimSeats<T>(
  deps: AppointmentsDeps,
  rules: BookingRules,
  request: { lineUserId: string; startsAt: number; now: number; excludeId?: number; needsUserSeat: boolean },
  write: (seats: { seat: number; userSeat: number | null }, db: AppointmentsDb) => Promise<T>,
): Promise<T> {
  const attempts = rules.capacity + rules.maxActivePerUser + 3;
  // The booker was offered this slot (a hold of theirs seen, live or past its time): if they book it
  // after all, their waitlist entry ends booked with the booking, even when the hold went meanwhile.
  let offeredHere = false;
  for (let attempt = 1; ; attempt++) {
    let taken = deps.db
      .selectFrom('appointments')
      .select(['id', 'seat', 'line_user_id', 'held_until'])
      .where('starts_at', '=', request.startsAt)
      .where('status', '=', 'booked');
    if (request.excludeId !== undefined) taken = taken.where('id', '!=', request.excludeId);
    const rows = await taken.execute();
    if (rows.some((r) => r.held_until !== null && r.line_user_id === request.lineUserId)) offeredHere = true;
    const expired = rows.filter((r) => r.held_until !== null && r.held_until <= request.now);
    if (expired.length > 0) {
      const offers = await deps.db.transaction().execute(async (trx) => {
        const passed = [];
        for (const r of expired) {
          passed.push(
            await passExpiredHold(deps, rules, trx, { id: r.id, lineUserId: r.line_user_id, startsAt: request.startsAt, seat: r.seat }),
          );
        }
        return passed;
      });
      for (const offer of offers) announceWaitlistOffer(deps, offer);
      // The seats may be held again (for the next in line, perhaps this booker): read again.
      if (attempt >= attempts) throw tooBusy();
      continue;
    }
    // One person once per slot: a doubled or retried request took a second seat (and sent a second
    // confirmation). Two racing requests both try the same lowest seat, so the loser reads again and
    // lands here.
    if (rows.some((r) => r.held_until === null && r.line_user_id === request.lineUserId))
      throw new DomainError(
        'appointments.already_booked',
        `You already have an appointment at this time: ${formatSlotTime(request.startsAt, rules.timeZone)}.`,
      );
    const myHold = rows.find((r) => r.held_until !== null && r.line_user_id === request.lineUserId);
    const slotSeats = new Set(rows.filter((r) => r !== myHold).map((r) => r.seat));
    // Decision 0032: a lowered capacity leaves the bookings above it in place, so a free seat number
    // below it is not a free seat while as many as the capacity are still taken.
    const seat = myHold ? myHold.seat : slotSeats.size >= rules.capacity ? null : lowestFree(slotSeats, rules.capacity);
    if (seat === null) throw slotTaken(request.startsAt, rules.timeZone);

    let userSeat: number | null = null;
    if (request.needsUserSeat) {
      const mine = await deps.db
        .selectFrom('appointments')
        .select(['id', 'user_seat', 'starts_at'])
        .where('line_user_id', '=', request.lineUserId)
        .where('status', '=', 'booked')
        .where('held_until', 'is', null)
        .execute();
      // A booking that has started no longer counts: give its place back.
      const stale = mine.filter((r) => r.starts_at <= request.now && r.user_seat !== null).map((r) => r.id);
      if (stale.length > 0) await deps.db.updateTable('appointments').set({ user_seat: null }).where('id', 'in', stale).execute();
      const active = mine.filter((r) => r.starts_at > request.now);
      if (active.length >= rules.maxActivePerUser) {
        throw new DomainError(
          'appointments.too_many_active',
          `You already have ${active.length} upcoming appointment${active.length === 1 ? '' : 's'}, the most allowed (${rules.maxActivePerUser}). Please cancel or reschedule one first.`,
        );
      }
      userSeat = lowestFree(new Set(active.flatMap((r) => (r.user_seat === null ? [] : [r.user_seat]))), rules.maxActivePerUser);
      if (userSeat === null) throw new DomainError('appointments.too_many_active');
    }
    try {
      // One transaction: a hold gives way to the booking with the seat never free in between, and the
      // writer's statements commit together (one commit, one WAL sync on SQLite).
      return await deps.db.transaction().execute(async (trx) => {
        if (myHold) {
          const released = await trx
            .deleteFrom('appointments')
            .where('id', '=', myHold.id)
            .where('held_until', 'is not', null)
            .executeTakeFirst();
          if (Number(released.numDeletedRows) === 0) throw new HoldGone();
        }
        if (offeredHere) await markWaitlistBooked(trx, request.lineUserId, request.startsAt, request.now);
        return write({ seat, userSeat }, trx);
      });
    } catch (error) {
      if (!isUniqueViolation(error) && !(error instanceof HoldGone)) throw error;
      if (attempt >= attempts) throw tooBusy();
    }
  }
}

const tooBusy = () => new DomainError('conflict', 'Many people are booking at once. Please try again.');

/** The hold was released meanwhile (expired and deleted, or used by another request of the same person): read again. */
class HoldGone extends Error {}
