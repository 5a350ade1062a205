import { BookingSettings } from '@guildhall/contracts/appointments';
import type { CompiledQuery } from 'kysely';
import type { AppointmentsDeps } from './appointments-deps';
import type { AppointmentsDb } from './appointments-tables';
import type { BookingRules } from './booking-rules';

export const BOOKING_SETTINGS = 'booking';

/** The last rules built per configuration, with the stored text they came from. */
const built = new WeakMap<AppointmentsDeps['defaultSettings'], { stored: string | null; timeZone: string; rules: BookingRules }>();

/** The one query of every request, built and compiled once per database (it has no variable part). */
const settingsQueries = new WeakMap<AppointmentsDb, CompiledQuery<{ value: string }>>();

/**
 * The rules in force (issue 15 item 3): the ones staff saved, else the configured defaults. Read on
 * every use, one primary-key row, so every process applies a change at once. While the stored text is
 * unchanged the same rules object is answered, unparsed again, so what booking-rules.ts derives from
 * it (the working plan of each day, the holiday lookups) is reused across requests (issue 15 bench).
 * Callers never modify it.
 */
export async function loadBookingRules(deps: Pick<AppointmentsDeps, 'db' | 'timeZone' | 'defaultSettings'>): Promise<BookingRules> {
  let query = settingsQueries.get(deps.db);
  if (!query) {
    query = deps.db.selectFrom('appointment_settings').select('value').where('name', '=', BOOKING_SETTINGS).compile();
    settingsQueries.set(deps.db, query);
  }
  const stored = (await deps.db.executeQuery(query)).rows[0]?.value ?? null;
  const last = built.get(deps.defaultSettings);
  if (last && last.stored === stored && last.timeZone === deps.timeZone) return last.rules;
  const saved = stored === null ? null : BookingSettings.safeParse(JSON.parse(stored));
  const settings = saved?.success ? saved.data : deps.defaultSettings;
  const rules = { ...settings, reminderMinutes: settings.reminderMinutes ?? deps.defaultSettings.reminderMinutes, timeZone: deps.timeZone };
  built.set(deps.defaultSettings, { stored, timeZone: deps.timeZone, rules });
  return rules;
}
