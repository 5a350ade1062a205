import { isUniqueViolation } from '@server/core/db/database';
import { DomainError } from '@server/core/errors/domain-error';
import type { AppointmentsDeps } from './appointments-deps';
import type { AppointmentsDb } from './appointments-tables';
import type { BookingRules } from './booking-rules';
import { formatSlotTime } from './format-slot-time';
import { lockWaitlist } from './lock-waitlist';
import { freeSeat, lowestFree, overlapping } from './seats-in-use';
import { type WaitlistOffer, announceWaitlistOffer, markWaitlistBooked, passExpiredHold } from './waitlist';

/** The 409 a full slot answers, naming the slot (issue 15 item 1), so the mini-app can say which. */
export function slotTaken(startsAt: number, timeZone: string): DomainError {
  return new DomainError(
    'appointments.slot_taken',
    `This time slot has already been booked: ${formatSlotTime(startsAt, timeZone)}. Please choose another time.`,
  );
}

/**
 * Issue 15 item 3 (decision 0032): a booking holds one of the slot's `capacity` seats and one of the
 * user's `maxActivePerUser` places. Decision 0052: a seat is taken for the booking's whole length, so
 * what counts is every booked row whose [starts_at, ends_at) overlaps the new one (seats-in-use.ts),
 * not only those with the same start: after staff change the slot length or an opening time, old
 * bookings lie across the new grid. No index of either dialect can say "at most N rows overlap"
 * (PostgreSQL's exclusion constraints need btree_gist and keep seat numbers apart, not a count;
 * SQLite has none), so the read and the write are one transaction that first takes the appointments
 * lock (lock-waitlist.ts, the lock every writer of seats takes: the waitlist's hand-outs and holds too). On PostgreSQL no two
 * claims interleave between count and insert; SQLite's one connection runs a transaction whole.
 * The unique indexes, (starts_at, seat) and (line_user_id, user_seat), stay as a second guard: a
 * violation reads again, as before.
 * `write` inserts or moves the row with the seats given, through `db` (the transaction);
 * `excludeId` is the booking being moved; `endsAt` the new row's end (its start + the slot length).
 *
 * Issue 15 item 6: a seat held for a waitlist offer is a row like a booking (held_until set), so no
 * one else can take it. The person offered releases their hold, writes into its seat and marks
 * their entry booked in one transaction. A hold past its time whose expiry job has not run yet is
 * passed on by whoever needs the seat, as that job would (passExpiredHold): the next in line gets it,
 * and only when nobody waits is the seat free to take.
 */
export async function claimSeats<T>(
  deps: AppointmentsDeps,
  rules: BookingRules,
  request: { lineUserId: string; startsAt: number; endsAt: number; now: number; excludeId?: number; needsUserSeat: boolean },
  write: (seats: { seat: number; userSeat: number | null }, db: AppointmentsDb) => Promise<T>,
): Promise<T> {
  const attempts = rules.capacity + rules.maxActivePerUser + 3;
  // The booker was offered this slot (a hold of theirs seen, live or past its time): if they book it
  // after all, their waitlist entry ends booked with the booking, even when the hold went meanwhile.
  let offeredHere = false;
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await deps.db.transaction().execute(async (trx): Promise<{ done: T } | { passed: WaitlistOffer[] }> => {
        // Before the count: a claim that read the seats free cannot be overtaken before its write.
        await lockWaitlist(trx, deps.dialect);
        let taken = trx
          .selectFrom('appointments')
          .select(['id', 'seat', 'line_user_id', 'held_until', 'starts_at', 'ends_at'])
          .where('status', '=', 'booked')
          .where(overlapping(request.startsAt, request.endsAt));
        if (request.excludeId !== undefined) taken = taken.where('id', '!=', request.excludeId);
        const rows = await taken.execute();
        const mineHeld = (r: (typeof rows)[number]) =>
          r.held_until !== null && r.line_user_id === request.lineUserId && r.starts_at === request.startsAt;
        if (rows.some(mineHeld)) offeredHere = true;
        const expired = rows.filter((r) => r.held_until !== null && r.held_until <= request.now);
        if (expired.length > 0) {
          const passed = [];
          for (const r of expired) {
            passed.push(
              await passExpiredHold(deps, rules, trx, { id: r.id, lineUserId: r.line_user_id, startsAt: r.starts_at, seat: r.seat }),
            );
          }
          // Committed, then announced; the seats may be held again (for the next in line, perhaps this booker): read again.
          return { passed: passed.filter((o) => o !== null) };
        }
        // One person once at a time: a doubled or retried request took a second seat (and sent a
        // second confirmation); nor can one person be at two overlapping bookings.
        if (rows.some((r) => r.held_until === null && r.line_user_id === request.lineUserId))
          throw new DomainError(
            'appointments.already_booked',
            `You already have an appointment at this time: ${formatSlotTime(request.startsAt, rules.timeZone)}.`,
          );
        const myHold = rows.find(mineHeld);
        // Decision 0032: a lowered capacity leaves the bookings above it in place, so a free seat number
        // below it is not a free seat while as many as the capacity are still taken (a count, not a number).
        // The person offered takes the seat held for them: it was free for the slot's length when held.
        const others = rows.filter((r) => r !== myHold);
        const seat = myHold ? myHold.seat : freeSeat(others, request.startsAt, request.endsAt, rules.capacity);
        if (seat === null) throw slotTaken(request.startsAt, rules.timeZone);

        let userSeat: number | null = null;
        if (request.needsUserSeat) {
          const mine = await trx
            .selectFrom('appointments')
            .select(['id', 'user_seat', 'starts_at'])
            .where('line_user_id', '=', request.lineUserId)
            .where('status', '=', 'booked')
            .where('held_until', 'is', null)
            .execute();
          // A booking that has started no longer counts: give its place back.
          const stale = mine.filter((r) => r.starts_at <= request.now && r.user_seat !== null).map((r) => r.id);
          if (stale.length > 0) await trx.updateTable('appointments').set({ user_seat: null }).where('id', 'in', stale).execute();
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
        // The hold gives way to the booking with the seat never free in between, and the writer's
        // statements commit together (one commit, one WAL sync on SQLite).
        if (myHold) {
          const released = await trx
            .deleteFrom('appointments')
            .where('id', '=', myHold.id)
            .where('held_until', 'is not', null)
            .executeTakeFirst();
          if (Number(released.numDeletedRows) === 0) throw new HoldGone();
        }
        if (offeredHere) await markWaitlistBooked(trx, request.lineUserId, request.startsAt, request.now);
        return { done: await write({ seat, userSeat }, trx) };
      });
      if ('done' in outcome) return outcome.done;
      for (const offer of outcome.passed) announceWaitlistOffer(deps, offer);
      if (attempt >= attempts) throw tooBusy();
    } catch (error) {
      if (!isUniqueViolation(error) && !(error instanceof HoldGone)) throw error;
      if (attempt >= attempts) throw tooBusy();
    }
  }
}

const tooBusy = () => new DomainError('conflict', 'Many people are booking at once. Please try again.');

/** The hold was released meanwhile (expired and deleted, or used by another request of the same person): read again. */
class HoldGone extends Error {}
