import type { AdminRegistrationRow } from '@guildhall/contracts/sports';
import { DomainError } from '@server/core/errors/domain-error';
import type { SportsDeps } from './sports-deps';
import type { SportsDb } from './sports-tables';

/** The admin row query (002 §3 Admin registration row), shared by the list and the status change. */
export function selectAdminRows(db: SportsDb) {
  return db
    .selectFrom('sport_registrations as r')
    .innerJoin('school_accounts as a', 'a.id', 'r.account_id')
    .select(['r.id', 'r.sport_id', 'a.student_id', 'a.email', 'r.created_at', 'r.status']);
}

export function toAdminRow(row: {
  id: number;
  student_id: string;
  email: string | null;
  created_at: number;
  status: AdminRegistrationRow['status'];
}): AdminRegistrationRow {
  return {
    registration_id: row.id,
    student_id: row.student_id,
    student_email: row.email,
    registration_date: new Date(row.created_at).toISOString(),
    status: row.status,
  };
}

/** 002 §2 Admin panel: the registrations of one sport, oldest first. Answers the sport's name too (print, CSV). */
export async function listSportRegistrations(
  deps: SportsDeps,
  sportId: number,
): Promise<{ sportName: string; rows: AdminRegistrationRow[] }> {
  const { db } = deps;
  const sport = await db.selectFrom('sports').select('name').where('id', '=', sportId).executeTakeFirst();
  if (!sport) throw new DomainError('not_found', 'No such sport.');
  const rows = await selectAdminRows(db).where('r.sport_id', '=', sportId).orderBy('r.created_at').orderBy('r.id').execute();
  return { sportName: sport.name, rows: rows.map(toAdminRow) };
}
