import type { AdminRegistrationRow, RegistrationCountsAnswer, SportsRefusalReason } from '@guildhall/contracts/sports';
import { DomainError } from '@server/core/errors/domain-error';
import { waitingPositions } from './sport-team';
import type { SportsDeps } from './sports-deps';
import type { SportsDb } from './sports-tables';

/** The admin row query (002 §3 Admin registration row), shared by the list and the status change. */
export function selectAdminRows(db: SportsDb) {
  return db
    .selectFrom('sport_registrations as r')
    .innerJoin('school_accounts as a', 'a.id', 'r.account_id')
    .select(['r.id', 'r.sport_id', 'a.student_id', 'a.email', 'r.created_at', 'r.status']);
}

export function toAdminRow(
  row: {
    id: number;
    student_id: string;
    email: string | null;
    created_at: number;
    status: AdminRegistrationRow['status'];
  },
  positions: ReadonlyMap<number, number> = new Map(),
): AdminRegistrationRow {
  return {
    registration_id: row.id,
    student_id: row.student_id,
    student_email: row.email,
    registration_date: new Date(row.created_at).toISOString(),
    status: row.status,
    waiting_position: positions.get(row.id) ?? null,
  };
}

/** 002 §2 Admin panel: the registrations of one sport, oldest first. Answers the sport's name too (print, CSV). */
export async function listSportRegistrations(
  deps: SportsDeps,
  sportId: number,
  status?: AdminRegistrationRow['status'],
): Promise<{ sportName: string; rows: AdminRegistrationRow[] }> {
  const { db } = deps;
  const sport = await db.selectFrom('sports').select('name').where('id', '=', sportId).executeTakeFirst();
  if (!sport) throw new DomainError('not_found', 'No such sport.', { reason: 'sport_missing' satisfies SportsRefusalReason });
  const rows = await selectSportRows(db, sportId, status).execute();
  const positions = await waitingPositions(db, sportId);
  return { sportName: sport.name, rows: rows.map((row) => toAdminRow(row, positions)) };
}

/**
 * The admin rows of one sport in list order (oldest first; rows of one millisecond by id, so every
 * page and file orders them alike), of one status when given (issue 16 item 3: leads filter by status).
 */
export function selectSportRows(db: SportsDb, sportId: number, status?: AdminRegistrationRow['status']) {
  const query = selectAdminRows(db).where('r.sport_id', '=', sportId).orderBy('r.created_at').orderBy('r.id');
  return status ? query.where('r.status', '=', status) : query;
}

/** Admin rows of one sport by id, with their waiting-list places (after a status change). */
export async function listRowsById(deps: SportsDeps, sportId: number, ids: readonly number[]): Promise<Map<number, AdminRegistrationRow>> {
  if (ids.length === 0) return new Map();
  const rows = await selectAdminRows(deps.db).where('r.id', 'in', ids).execute();
  const positions = await waitingPositions(deps.db, sportId);
  return new Map(rows.map((row) => [row.id, toAdminRow(row, positions)]));
}

/** Issue 16 item 3: how many registrations of a sport hold each status. */
export async function countRegistrations(deps: SportsDeps, sportId: number): Promise<RegistrationCountsAnswer> {
  const sport = await deps.db.selectFrom('sports').select('total_spots').where('id', '=', sportId).executeTakeFirst();
  if (!sport) throw new DomainError('not_found', 'No such sport.', { reason: 'sport_missing' satisfies SportsRefusalReason });
  const rows = await deps.db
    .selectFrom('sport_registrations')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('sport_id', '=', sportId)
    .groupBy('status')
    .execute();
  const counts = { pending_selection: 0, selected: 0, reserve: 0, not_selected: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return { sport_id: sportId, total_spots: sport.total_spots, counts };
}
