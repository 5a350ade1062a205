import type { Sport } from '@guildhall/contracts/sports';
import type { SchoolAccount } from '@server/core/auth/school-account-store';
import { canSeeSport, deriveStudentLevel } from './derive-student-level';
import { schoolToday, withinRegistrationDates } from './sport-team';
import { isSportsAdmin } from './sports-access';
import type { SportsDeps } from './sports-deps';

/**
 * 002 §3 Sport with its live counts. Students see the sports their level may see (002 §5);
 * developers and sports leads see every sport, since the Admin Panel picks from all of them.
 */
export async function listSports(deps: SportsDeps, account: SchoolAccount): Promise<Sport[]> {
  const { db } = deps;
  const rows = await db
    .selectFrom('sports as s')
    .select((eb) => [
      's.id',
      's.name',
      's.description',
      's.total_spots',
      's.eligibility_level',
      's.registration_opens_on',
      's.registration_closes_on',
      's.image',
      's.archived_at',
      eb
        .selectFrom('sport_registrations as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.sport_id', '=', 's.id')
        .where('r.status', '=', 'selected')
        .as('selected_count'),
      eb
        .selectFrom('sport_registrations as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.sport_id', '=', 's.id')
        .where('r.status', '=', 'pending_selection')
        .as('pending_count'),
      eb
        .selectFrom('sport_registrations as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.sport_id', '=', 's.id')
        .where('r.status', '=', 'reserve')
        .as('reserve_count'),
    ])
    .orderBy('s.name')
    .execute();
  const level = deriveStudentLevel(account.studentId, deps.levelPrefixes);
  const today = schoolToday(deps.now(), deps.timeZone);
  return (
    rows
      // Archived sports (issue 16 item 4) are the admins' only.
      .filter((row) => isSportsAdmin(account) || (row.archived_at === null && canSeeSport(level, row.eligibility_level)))
      .map((row) => ({
        sport_id: row.id,
        name: row.name,
        description: row.description,
        total_spots: row.total_spots,
        // PostgreSQL answers count(*) as a bigint string.
        selected_count: Number(row.selected_count ?? 0),
        pending_count: Number(row.pending_count ?? 0),
        eligibility_level: row.eligibility_level,
        reserve_count: Number(row.reserve_count ?? 0),
        registration_opens_on: row.registration_opens_on,
        registration_closes_on: row.registration_closes_on,
        registration_window_open: withinRegistrationDates(row, today) === 'open',
        image: row.image,
        archived: row.archived_at !== null,
      }))
  );
}
