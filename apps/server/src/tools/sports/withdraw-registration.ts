import { STATUS_LABELS, type RegistrationChangeAnswer } from '@guildhall/contracts/sports';
import type { SchoolAccount } from '@server/core/auth/school-account-store';
import { DomainError } from '@server/core/errors/domain-error';
import type { SportsDeps } from './sports-deps';

/**
 * 002 §4: a student may withdraw only while the registration is pending_selection. One conditional
 * delete, so a withdrawal racing an admin's status change either removes the pending row or finds
 * it already decided; never both.
 */
export async function withdrawRegistration(deps: SportsDeps, account: SchoolAccount): Promise<RegistrationChangeAnswer> {
  const { db } = deps;
  const deleted = await db
    .deleteFrom('sport_registrations')
    .where('account_id', '=', account.id)
    .where('status', '=', 'pending_selection')
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) > 0) return { message: 'Your registration has been withdrawn.' };
  const active = await db
    .selectFrom('sport_registrations')
    .select('status')
    .where('account_id', '=', account.id)
    .where('status', '<>', 'not_selected')
    .executeTakeFirst();
  if (!active) throw new DomainError('sports.nothing_to_withdraw');
  throw new DomainError(
    'sports.withdraw_locked',
    `Your registration can no longer be withdrawn: you are a ${STATUS_LABELS[active.status]}.`,
    { status: active.status },
  );
}
