import type { RegisterSportRequest, RegistrationChangeAnswer } from '@guildhall/contracts/sports';
import type { SchoolAccount } from '@server/core/auth/school-account-store';
import { isUniqueViolation } from '@server/core/db/database';
import { DomainError } from '@server/core/errors/domain-error';
import { canSeeSport, deriveStudentLevel } from './derive-student-level';
import { readRegistrationSettings } from './read-registration-settings';
import { countSelected, lockSport, schoolToday, statusColumns, waitingPositions, withinRegistrationDates } from './sport-team';
import type { SportsDeps } from './sports-deps';

/**
 * 002 §4, §6 register for one sport's tryouts: only while registration is open, only a sport the
 * student's level may see (002 §5), and at most one active registration, which the partial unique
 * index enforces so that racing requests give exactly one row. Issue 16: only within the sport's
 * dates; a full sport puts the student on its waiting list (a reserve with a place); an archived
 * sport is refused as such (sports.sport_archived).
 */
export async function registerForSport(
  deps: SportsDeps,
  account: SchoolAccount,
  input: RegisterSportRequest,
): Promise<RegistrationChangeAnswer> {
  const { db } = deps;
  const level = deriveStudentLevel(account.studentId, deps.levelPrefixes);
  let sportName = '';
  try {
    // Issue 16 item 3: the sport's row is locked while the team is counted, so ten students racing
    // for the last places get them in turn, and the rest queue in order.
    return await db.transaction().execute(async (tx) => {
      const sport = await lockSport(tx, input.sport_id);
      // Decision 0063: the switch was read before this transaction, so a registration past that check
      // still committed after a lead's "close" had. It is read here, after the sport's row is locked:
      // on PostgreSQL under a share lock that closing's update waits for, so once "close" commits no
      // registration that read "open" is still to commit; on SQLite the sport's update above already
      // holds the one write lock, so no close commits in between.
      if (!(await readRegistrationSettings(tx, { shareLock: deps.dialect === 'postgres' })).isRegistrationOpen)
        throw new DomainError('sports.registration_closed');
      // A sport the student may not see (another level) answers as if it did not exist.
      if (!sport || !canSeeSport(level, sport.eligibility_level)) {
        throw new DomainError('sports.not_for_your_level');
      }
      // Issue 16 item 4 (decision 0033): a lead archived the sport after the student's list was loaded.
      // It is of their level and they saw it, so say what happened, not "not available for your level".
      // Checked after the level, so this tells nothing about another level's sports.
      if (sport.archived_at !== null) {
        throw new DomainError('sports.sport_archived', `${sport.name} is no longer open for registration.`, { sport: sport.name });
      }
      sportName = sport.name;
      const today = schoolToday(deps.now(), deps.timeZone);
      const window = withinRegistrationDates(sport, today);
      if (window === 'not_yet')
        throw new DomainError(
          'sports.registration_not_open_yet',
          `Registration for ${sport.name} opens on ${sport.registration_opens_on}.`,
          { sport: sport.name, date: sport.registration_opens_on ?? '' },
        );
      if (window === 'passed')
        throw new DomainError(
          'sports.registration_deadline_passed',
          `Registration for ${sport.name} closed on ${sport.registration_closes_on}.`,
          { sport: sport.name, date: sport.registration_closes_on ?? '' },
        );
      const full = (await countSelected(tx, sport.id)) >= sport.total_spots;
      const now = deps.now();
      const inserted = await tx
        .insertInto('sport_registrations')
        .values({
          sport_id: sport.id,
          account_id: account.id,
          created_at: now,
          ...statusColumns(full ? 'reserve' : 'pending_selection', now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!full) return { message: `You are registered for the ${sport.name} tryouts.` };
      const place = (await waitingPositions(tx, sport.id)).get(inserted.id);
      return { message: `${sport.name} is full: you are on its waiting list, place ${place}.` };
    });
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
        { sport: active.name },
      );
    throw new DomainError('sports.not_selected', `You were not selected for ${sportName} this time; you may register for another sport.`, {
      sport: sportName,
    });
  }
}
