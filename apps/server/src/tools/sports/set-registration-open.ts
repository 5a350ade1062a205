import type { RegistrationSettingsAnswer, SetRegistrationOpenRequest } from '@guildhall/contracts/sports';
import type { SportsDeps } from './sports-deps';

/** Issue "Admins also open or close registration": upsert, so a missing row can never make it fail. */
export async function setRegistrationOpen(deps: SportsDeps, input: SetRegistrationOpenRequest): Promise<RegistrationSettingsAnswer> {
  const values = { is_registration_open: input.isRegistrationOpen ? 1 : 0, updated_at: deps.now() };
  await deps.db
    .insertInto('sports_settings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  return { isRegistrationOpen: input.isRegistrationOpen };
}
