import type { BookingSettingsAnswer, SaveBookingSettingsRequest } from '@guildhall/contracts/appointments';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import type { AppointmentsDeps } from './appointments-deps';
import { BOOKING_SETTINGS, loadBookingRules } from './load-booking-rules';
import { announceWaitlistOffer, passOpenedSeatsToWaitlist } from './waitlist';

/**
 * Issue 15 item 3: staff replace the booking rules (already parsed by the contract). Bookings already
 * made stay as they are; the rules apply to new bookings and reschedules from now on. Issue 15 item 6:
 * seats the new rules open on a day people wait for are held for them in the same commit
 * (passOpenedSeatsToWaitlist, decision 0032), then offered by LINE.
 */
export async function saveBookingSettings(
  deps: AppointmentsDeps,
  staff: { discordId: string },
  settings: SaveBookingSettingsRequest,
): Promise<BookingSettingsAnswer> {
  const now = deps.now();
  const value = JSON.stringify(settings);
  // A booker on PostgreSQL may take a seat that was free under the old rules too between the read
  // and the hold's insert: the unique violation rolls the save back and it runs again (decision 0008).
  const offers = await retryOnWriteConflict(() =>
    deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('appointment_settings')
        .values({ name: BOOKING_SETTINGS, value, updated_at: now, updated_by: staff.discordId })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now, updated_by: staff.discordId }))
        .execute();
      // The rules just written, read through the transaction (on SQLite its one connection is busy during it).
      return passOpenedSeatsToWaitlist(deps, await loadBookingRules({ ...deps, db: trx }), trx);
    }),
  );
  for (const offer of offers) announceWaitlistOffer(deps, offer);
  return readBookingSettings(deps);
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
