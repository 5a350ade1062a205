import type { Sport } from '@guildhall/contracts/sports';
import type { SchoolAccount } from '@server/core/auth/school-account-store';
import { canSeeSport, deriveStudentLevel } from './derive-student-level';
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
    ])
    .orderBy('s.name')
    .execute();
  const level = deriveStudentLevel(account.studentId, deps.levelPrefixes);
  return rows
    .filter((row) => isSportsAdmin(account) || canSeeSport(level, row.eligibility_level))
    .map((row) => ({
      sport_id: row.id,
      name: row.name,
      description: row.description,
      total_spots: row.total_spots,
      // PostgreSQL answers count(*) as a bigint string.
      selected_count: Number(row.selected_count ?? 0),
      pending_count: Number(row.pending_count ?? 0),
      eligibility_level: row.eligibility_level,
    }));
}
