import type { Selectable } from 'kysely';
import type { AppointmentsDeps } from './appointments-deps';
import type { AppointmentsTable } from './appointments-tables';
import { loadBookingRules } from './load-booking-rules';
import { lockWaitlist } from './lock-waitlist';
import { passSeatToWaitlist, type WaitlistOffer } from './waitlist';

/**
 * Cancels booking `id` when it is still booked and has not started (a waitlist hold is not a booking,
 * issue 15 item 6; a started booking is marked attended or no-show instead), with who cancelled it and
 * why. The start is a condition of the update itself, so a cancel racing the start cannot slip past. The seat passes to the day's waitlist in the same transaction, so
 * it is never free to anyone else in between (decision 0032). Answers the cancelled row (undefined when
 * nothing was cancelled) and the offer, which the caller announces (announceWaitlistOffer) after commit.
 * With `expectedStartsAt`, only a booking still starting then is cancelled (decision 0053).
 */
export async function cancelBooking(
  deps: AppointmentsDeps,
  id: number,
  by: { cancelled_by: string; cancel_reason?: string },
  expectedStartsAt?: number,
): Promise<{ row: Selectable<AppointmentsTable> | undefined; offer: WaitlistOffer | null }> {
  const now = deps.now();
  // Read before the transaction: on SQLite its one connection is busy during it.
  const rules = await loadBookingRules(deps);
  return deps.db.transaction().execute(async (trx) => {
    // The appointments lock before the row: a reschedule of this booking takes the lock, then moves the
    // row (claimSeats), so a cancel that held the row and then waited for the lock (passSeatToWaitlist
    // takes it) crossed it, and PostgreSQL ended one of the two as a deadlock (a 500). Same order now.
    await lockWaitlist(trx, deps.dialect);
    const cancelled = await trx
      .updateTable('appointments')
      .set({ status: 'cancelled', cancelled_at: now, updated_at: now, ...by })
      .where('id', '=', id)
      .where('status', '=', 'booked')
      .where('held_until', 'is', null)
      .where('starts_at', '>', now)
      // Decision 0053: the start the caller saw is part of the compare-and-set, so a booking moved
      // since (a reschedule keeps its id) is not cancelled at a time nobody looked at.
      .$if(expectedStartsAt !== undefined, (qb) => qb.where('starts_at', '=', expectedStartsAt!))
      .returningAll()
      .executeTakeFirst();
    return {
      row: cancelled,
      offer: cancelled ? await passSeatToWaitlist(deps, rules, trx, { startsAt: cancelled.starts_at, seat: cancelled.seat }) : null,
    };
  });
}
