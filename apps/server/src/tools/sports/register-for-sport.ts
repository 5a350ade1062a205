import type { RegisterSportRequest, RegistrationChangeAnswer } from '@guildhall/contracts/sports';
import type { SchoolAccount } from '@server/core/auth/school-account-store';
import { isUniqueViolation } from '@server/core/db/database';
import { DomainError } from '@server/core/errors/domain-error';
import { canSeeSport, deriveStudentLevel } from './derive-student-level';
import { readRegistrationSettings } from './read-registration-settings';
import type { SportsDeps } from './sports-deps';

/**
 * 002 §4, §6 register for one sport's tryouts: only while registration is open, only a sport the
 * student's level may see (002 §5), and at most one active registration, which the partial unique
 * index enforces so that racing requests give exactly one row.
 */
export async function registerForSport(
  deps: SportsDeps,
  account: SchoolAccount,
  input: RegisterSportRequest,
): Promise<RegistrationChangeAnswer> {
  const { db } = deps;
  if (!(await readRegistrationSettings(deps)).isRegistrationOpen) throw new DomainError('sports.registration_closed');
  const sport = await db
    .selectFrom('sports')
    .select(['id', 'name', 'eligibility_level'])
    .where('id', '=', input.sport_id)
    .executeTakeFirst();
  // A sport the student may not see answers as if it did not exist.
  if (!sport || !canSeeSport(deriveStudentLevel(account.studentId, deps.levelPrefixes), sport.eligibility_level)) {
    throw new DomainError('sports.not_for_your_level');
  }
  const now = deps.now();
  try {
    await db
      .insertInto('sport_registrations')
      .values({ sport_id: sport.id, account_id: account.id, status: 'pending_selection', created_at: now, updated_at: now })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const active = await db
      .selectFrom('sport_registrations as r')
      .innerJoin('sports as s', 's.id', 'r.sport_id')
      .select('s.name')
      .where('r.account_id', '=', account.id)
      .where('r.status', '<>', 'not_selected')
      .executeTakeFirst();
    if (active)
      throw new DomainError(
        'sports.already_registered',
        `You are already registered for ${active.name}. A student may register for one sport.`,
      );
    throw new DomainError('sports.not_selected', `You were not selected for ${sport.name} this time; you may register for another sport.`);
  }
  return { message: `You are registered for the ${sport.name} tryouts.` };
}
