import type {
  BookingSettingsAnswer,
  ClosedDayReport,
  SaveBookingSettingsAnswer,
  SaveBookingSettingsRequest,
} from '@guildhall/contracts/appointments';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import { DomainError } from '@server/core/errors/domain-error';
import type { AppointmentsDeps } from './appointments-deps';
import type { AppointmentsDb } from './appointments-tables';
import type { BookingRules } from './booking-rules';
import { rulesChange } from './bookings-ahead';
import { countBookingsOnNewlyClosedDays } from './count-bookings-on-closed-days';
import { countBookingsOverSeats } from './count-bookings-over-seats';
import { countBookingsOutsideNewHours } from './count-bookings-outside-new-hours';
import { BOOKING_SETTINGS, loadBookingRules } from './load-booking-rules';
import { lockWaitlist } from './lock-waitlist';
import { queueReminders } from './send-reminder';
import {
  type ClosedDayNotice,
  announceClosedDay,
  announceWaitlistOffer,
  endWaitlistsOfClosedDays,
  passOpenedSeatsToWaitlist,
} from './waitlist';

/** Decision 0053: the sentence a stale settings page reads (nothing was written). */
export const STALE_SETTINGS =
  'Another staff member changed the booking rules since you opened this page. Reload to see their change, then save again.';

/**
 * Issue 15 item 3: staff replace the booking rules (already parsed by the contract). Bookings already
 * made stay as they are; the rules apply to new bookings and reschedules from now on. Issue 15 item 6:
 * seats the new rules open on a day people wait for are held for them in the same commit
 * (passOpenedSeatsToWaitlist, decision 0032), then offered by LINE; places on the waitlist of a day
 * the new rules close end and their people are told (endWaitlistsOfClosedDays, decision 0055).
 *
 * Decision 0053: with `expectedUpdatedAt` (the updatedAt the page loaded), the write is a
 * compare-and-set on the row's updated_at: rules saved since are refused 409 and nothing is written,
 * so a stale tab no longer replaces a colleague's holiday with its old copy. updated_at is kept
 * strictly increasing (one millisecond past the last save at least), so it serves as the version
 * even when two saves fall in the same millisecond. Changed reminder times are queued for bookings
 * already made, in the same commit (rescheduleReminders, decision 0041).
 */
export async function saveBookingSettings(
  deps: AppointmentsDeps,
  staff: { discordId: string },
  request: SaveBookingSettingsRequest,
): Promise<SaveBookingSettingsAnswer> {
  const { expectedUpdatedAt, ...settings } = request;
  const now = deps.now();
  const value = JSON.stringify(settings);
  const by = staff.discordId;
  // Bookers take the appointments lock before they count seats (decision 0052), as the hand-out below
  // does; the retry on a unique violation (decision 0008) stays as a second guard.
  const outcome = await retryOnWriteConflict(() =>
    deps.db.transaction().execute(async (trx) => {
      // The appointments lock before the first row this save changes (lock-waitlist.ts): it queues
      // reminder jobs under their own keys before it hands out seats, and a reschedule queues its
      // reminder under the lock, so taking the lock only then could cross one. The waitlist steps
      // below (endWaitlistsOfClosedDays, passOpenedSeatsToWaitlist) run under it.
      await lockWaitlist(trx, deps.dialect);
      const inTrx = { ...deps, db: trx };
      const before = await loadBookingRules(inTrx);
      const row = await trx.selectFrom('appointment_settings').select('updated_at').where('name', '=', BOOKING_SETTINGS).executeTakeFirst();
      const last = row ? Number(row.updated_at) : null;
      const updatedAt = last === null ? now : Math.max(now, last + 1);
      if (expectedUpdatedAt === undefined) {
        await trx
          .insertInto('appointment_settings')
          .values({ name: BOOKING_SETTINGS, value, updated_at: updatedAt, updated_by: by })
          .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: updatedAt, updated_by: by }))
          .execute();
      } else {
        const expected = expectedUpdatedAt === null ? null : Date.parse(expectedUpdatedAt);
        // The compare is in the write itself (as amend-case.ts, decision 0051): a save committed
        // between the read above and this statement still makes it change nothing.
        const written =
          expected === null
            ? await trx
                .insertInto('appointment_settings')
                .values({ name: BOOKING_SETTINGS, value, updated_at: updatedAt, updated_by: by })
                .onConflict((oc) => oc.column('name').doNothing())
                .returning('name')
                .executeTakeFirst()
            : await trx
                .updateTable('appointment_settings')
                .set({ value, updated_at: Math.max(updatedAt, expected + 1), updated_by: by })
                .where('name', '=', BOOKING_SETTINGS)
                .where('updated_at', '=', expected)
                .returning('name')
                .executeTakeFirst();
        if (!written) throw new DomainError('conflict', STALE_SETTINGS);
      }
      // The rules just written, read through the transaction (on SQLite its one connection is busy during it).
      const after = await loadBookingRules(inTrx);
      await rescheduleReminders(deps, before, after, trx);
      const change = await rulesChange(trx, before, after, now);
      const bookingsLeft = await countBookingsOnNewlyClosedDays(trx, change);
      const outsideHours = [...(await countBookingsOutsideNewHours(trx, change))].map(([date, bookings]) => ({ date, bookings }));
      const overSeats = await countBookingsOverSeats(trx, change);
      const ended = await endWaitlistsOfClosedDays(deps, after, trx);
      return {
        offers: await passOpenedSeatsToWaitlist(deps, after, trx),
        ended,
        closedDays: reportClosedDays(bookingsLeft, ended),
        outsideHours,
        overSeats,
      };
    }),
  );
  for (const offer of outcome.offers) announceWaitlistOffer(deps, offer);
  for (const notice of outcome.ended) announceClosedDay(deps, notice);
  const { closedDays, outsideHours, overSeats } = outcome;
  return { ...(await readBookingSettings(deps)), closedDays, outsideHours, overSeats };
}

/** Decision 0055: per closed day, the bookings left on it and the waitlist places ended, by date. */
function reportClosedDays(bookingsLeft: Map<string, number>, ended: ClosedDayNotice[]): ClosedDayReport[] {
  const days = new Map<string, ClosedDayReport>();
  const dayOf = (date: string) => days.get(date) ?? days.set(date, { date, bookings: 0, waitlistEnded: 0 }).get(date)!;
  for (const [date, bookings] of bookingsLeft) dayOf(date).bookings = bookings;
  for (const notice of ended) dayOf(notice.date).waitlistEnded += 1;
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * Issue 15 item 4, decision 0053: each booking has one reminder job at a time, queued for the largest
 * offset ahead when it was made, and each job only queues smaller ones; so an offset larger than the
 * one queued (1440, 60 changed to 2880) was never sent. When the offsets change, every booking still
 * ahead gets the job for the largest new offset still ahead, in the save's transaction (decision 0041).
 * No reminder goes twice: the job's singleton key (booking, start, offset) keeps one waiting per
 * offset, and sendReminder claims each (booking, start, offset) under a primary key before pushing.
 * A job already queued for an offset taken out skips and queues the next smaller one (sendReminder).
 * Cost: one job insert per booked, not held booking starting after the smallest new offset from
 * now, and only when the offsets changed (a rare staff action; bookings ahead are bounded by
 * maxDaysAhead x slots x seats, in practice hundreds).
 */
async function rescheduleReminders(deps: AppointmentsDeps, before: BookingRules, after: BookingRules, trx: AppointmentsDb) {
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((m, i) => m === b[i]);
  const sorted = (m: number[]) => [...m].sort((x, y) => y - x);
  // Without a LINE channel no reminder is queued at all (queueReminders).
  if (!deps.line.channelToken) return;
  if (after.reminderMinutes.length === 0 || same(sorted(before.reminderMinutes), sorted(after.reminderMinutes))) return;
  const soonest = deps.now() + Math.min(...after.reminderMinutes) * 60_000;
  const ahead = await trx
    .selectFrom('appointments')
    .select(['id', 'starts_at'])
    .where('status', '=', 'booked')
    .where('held_until', 'is', null)
    .where('starts_at', '>', soonest)
    .execute();
  for (const booking of ahead) {
    await queueReminders(deps, after, { id: booking.id, startsAt: Number(booking.starts_at) }, { within: trx });
  }
}

/** The rules in force for the settings page, with who saved them last (null: the configured defaults). */
export async function readBookingSettings(
  deps: Pick<AppointmentsDeps, 'db' | 'timeZone' | 'defaultSettings'>,
): Promise<BookingSettingsAnswer> {
  const { timeZone, ...settings } = await loadBookingRules(deps);
  const row = await deps.db
    .selectFrom('appointment_settings')
    .select(['updated_at', 'updated_by'])
    .where('name', '=', BOOKING_SETTINGS)
    .executeTakeFirst();
  return {
    timeZone,
    settings,
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
    updatedBy: row?.updated_by ?? null,
  };
}
