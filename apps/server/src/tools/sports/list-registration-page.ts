import type { AdminRegistrationRow, RegistrationStatus } from '@guildhall/contracts/sports';
import { countRegistrations, selectSportRows, toAdminRow } from './list-sport-registrations';
import { waitingPositions } from './sport-team';
import type { SportsDeps } from './sports-deps';

export interface RegistrationPage {
  rows: AdminRegistrationRow[];
  /** The `after` of the next page; null on the last one. */
  nextCursor: string | null;
  /** The rows of every page together. */
  total: number;
}

/**
 * Decision 0070: one page of the Admin Panel's list (002 §2), in the whole list's order (oldest
 * first, ties by id), keyset-paged so a late page costs what the first does: the indexes
 * sport_registrations_sport_order and _sport_status_order (sports-migrations.ts) walk it in order.
 */
export async function listRegistrationPage(
  deps: SportsDeps,
  page: { sportId: number; status?: RegistrationStatus; after?: { createdAt: number; id: number }; limit: number },
): Promise<RegistrationPage> {
  const { sportId, status, after, limit } = page;
  // The counts per status (one grouped read of an index) give the total, and a 404 for no such sport.
  const { counts } = await countRegistrations(deps, sportId);
  let query = selectSportRows(deps.db, sportId, status);
  if (after) query = query.where((eb) => eb(eb.refTuple('r.created_at', 'r.id'), '>', eb.tuple(after.createdAt, after.id)));
  // One row more than the page tells whether another follows.
  const rows = await query.limit(limit + 1).execute();
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  // A reserve's place counts every reserve of the sport, on this page or not.
  const positions = await waitingPositions(deps.db, sportId);
  return {
    rows: shown.map((row) => toAdminRow(row, positions)),
    nextCursor: rows.length > limit && last ? `${last.created_at}.${last.id}` : null,
    total: status ? counts[status] : Object.values(counts).reduce((sum, n) => sum + n, 0),
  };
}
