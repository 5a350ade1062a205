import type { RegistrationSettingsAnswer } from '@guildhall/contracts/sports';
import type { SportsDb } from './sports-tables';

/**
 * 002 §3 Settings: isRegistrationOpen (the migration writes the one row). `shareLock` (PostgreSQL,
 * inside a registration's transaction): the row stays locked until that transaction ends, so closing,
 * which updates the row, waits for the registrations that read "open" (decision 0063).
 */
export async function readRegistrationSettings(db: SportsDb, options: { shareLock?: boolean } = {}): Promise<RegistrationSettingsAnswer> {
  const row = await db
    .selectFrom('sports_settings')
    .select('is_registration_open')
    .where('id', '=', 1)
    .$if(options.shareLock === true, (query) => query.forShare())
    .executeTakeFirst();
  return { isRegistrationOpen: Boolean(row?.is_registration_open) };
}
