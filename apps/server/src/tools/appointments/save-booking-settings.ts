import type { BookingSettingsAnswer, SaveBookingSettingsRequest } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';
import { BOOKING_SETTINGS, loadBookingRules } from './load-booking-rules';

/**
 * Issue 15 item 3: staff replace the booking rules (already parsed by the contract). Bookings already
 * made stay as they are; the rules apply to new bookings and reschedules from now on.
 */
export async function saveBookingSettings(
  deps: Pick<AppointmentsDeps, 'db' | 'now' | 'timeZone' | 'defaultSettings'>,
  staff: { discordId: string },
  settings: SaveBookingSettingsRequest,
): Promise<BookingSettingsAnswer> {
  const now = deps.now();
  const value = JSON.stringify(settings);
  await deps.db
    .insertInto('appointment_settings')
    .values({ name: BOOKING_SETTINGS, value, updated_at: now, updated_by: staff.discordId })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now, updated_by: staff.discordId }))
    .execute();
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
