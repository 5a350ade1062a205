import type { RegistrationSettingsAnswer } from '@guildhall/contracts/sports';
import type { SportsDeps } from './sports-deps';

/** 002 §3 Settings: isRegistrationOpen (the migration writes the one row). */
export async function readRegistrationSettings(deps: SportsDeps): Promise<RegistrationSettingsAnswer> {
  const row = await deps.db.selectFrom('sports_settings').select('is_registration_open').where('id', '=', 1).executeTakeFirst();
  return { isRegistrationOpen: Boolean(row?.is_registration_open) };
}
