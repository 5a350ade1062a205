import { isUniqueViolation } from '@server/core/db/database';
import { DomainError } from '@server/core/errors/domain-error';
import type { AppointmentsDeps } from './appointments-deps';
import type { AppointmentsDb } from './appointments-tables';
import type { BookingRules } from './booking-rules';
import { formatSlotTime } from './format-slot-time';

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
 * so no one else can take it. The person offered releases their hold and writes into its seat in one
 * transaction; a hold past its time is deleted by whoever needs the seat.
 */
export async function claimSeats<T>(
  deps: Pick<AppointmentsDeps, 'db'>,
  rules: BookingRules,
  request: { lineUserId: string; startsAt: number; now: number; excludeId?: number; needsUserSeat: boolean },
  write: (seats: { seat: number; userSeat: number | null }, db: AppointmentsDb) => Promise<T>,
): Promise<T> {
  const attempts = rules.capacity + rules.maxActivePerUser + 3;
  for (let attempt = 1; ; attempt++) {
    let taken = deps.db
      .selectFrom('appointments')
      .select(['id', 'seat', 'line_user_id', 'held_until'])
      .where('starts_at', '=', request.startsAt)
      .where('status', '=', 'booked');
    if (request.excludeId !== undefined) taken = taken.where('id', '!=', request.excludeId);
    const rows = await taken.execute();
    const expired = rows.filter((r) => r.held_until !== null && r.held_until <= request.now).map((r) => r.id);
    if (expired.length > 0) {
      await deps.db.deleteFrom('appointments').where('id', 'in', expired).where('held_until', '<=', request.now).execute();
    }
    const live = rows.filter((r) => r.held_until === null || r.held_until > request.now);
    const myHold = live.find((r) => r.held_until !== null && r.line_user_id === request.lineUserId);
    const slotSeats = new Set(live.filter((r) => r !== myHold).map((r) => r.seat));
    const seat = myHold ? myHold.seat : lowestFree(slotSeats, rules.capacity);
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
        return write({ seat, userSeat }, trx);
      });
    } catch (error) {
      if (!isUniqueViolation(error) && !(error instanceof HoldGone)) throw error;
      if (attempt >= attempts) throw new DomainError('conflict', 'Many people are booking at once. Please try again.');
    }
  }
}

/** The hold was released meanwhile (expired and deleted, or used by another request of the same person): read again. */
class HoldGone extends Error {}
