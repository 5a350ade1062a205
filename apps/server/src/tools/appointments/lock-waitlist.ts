import { sql } from 'kysely';
import type { Dialect } from '@server/core/db/database';
import type { AppointmentsDb } from './appointments-tables';

/**
 * Issue 15 item 6 (decision 0032): joining a waitlist (joinWaitlist) and handing the seats new staff
 * rules open to the waitlists (passOpenedSeatsToWaitlist) run one after the other, each in its own
 * transaction, so either the joiner reads the new rules and the seat they opened, or the save reads
 * the joiner in line: nobody is left waiting beside a seat that just opened. On PostgreSQL, under READ
 * COMMITTED, the two would interleave, and there is no row for `for update` to hold (the joiner's
 * entry is not there yet, and the rules row is not there until staff first save): a transaction-scoped
 * advisory lock, as bureau writes take. SQLite's one connection already runs a transaction whole.
 * The statements after it in `trx` see what the other transaction committed.
 *
 * Decision 0052: every claim of a seat (claimSeats) takes it too, before counting the bookings that
 * overlap its slot, since no index can count overlaps. One lock for all writers of seats, not one per
 * day: a reschedule passes its old seat to the waitlist inside its claim and a claim passes on lapsed
 * holds, so a second lock would be taken in both orders and could deadlock. For the same reason every
 * writer takes it before the first row it changes: a cancel that held its booking's row and then
 * waited for the lock crossed a reschedule of that booking (decision 0052 amended).
 */
export async function lockWaitlist(trx: AppointmentsDb, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtextextended('guildhall:appointments:waitlist', 0))`.execute(trx);
}
