import type { Transaction } from 'kysely';
import type { CoreTables } from '@server/core/db/core-tables';
import type { RegistrationStatus } from '@guildhall/contracts/sports';
import { DomainError } from '@server/core/errors/domain-error';
import type { SportsDeps } from './sports-deps';
import type { SportsTables } from './sports-tables';

// Issue 16 item 3 (decision 0033): the team fills itself. A sport is full when its Main Players
// (selected) reach total_spots (002 §9 'Main Team Full'); a registration for a full sport joins the
// waiting list, which is the sport's reserves in queued_at order; when a Main Player stops being one,
// the first reserve moves up. Every change that reads the team and writes it runs in one transaction
// that first locks the sport's row, so concurrent changes to one sport take turns (PostgreSQL row
// lock; SQLite has one writer at a time anyway).

export type SportsTx = Transaction<CoreTables & SportsTables>;

export interface LockedSport {
  id: number;
  name: string;
  total_spots: number;
  eligibility_level: 'morton' | 'morplai' | 'open';
  registration_opens_on: string | null;
  registration_closes_on: string | null;
  archived_at: number | null;
}

/** Locks the sport's row until the transaction ends; null when there is no such sport. */
export async function lockSport(tx: SportsTx, sportId: number): Promise<LockedSport | null> {
  const locked = await tx
    .updateTable('sports')
    .set((eb) => ({ total_spots: eb.ref('total_spots') }))
    .where('id', '=', sportId)
    .executeTakeFirst();
  if (locked.numUpdatedRows === 0n) return null;
  return (
    (await tx
      .selectFrom('sports')
      .select(['id', 'name', 'total_spots', 'eligibility_level', 'registration_opens_on', 'registration_closes_on', 'archived_at'])
      .where('id', '=', sportId)
      .executeTakeFirst()) ?? null
  );
}

export async function countSelected(tx: SportsTx, sportId: number): Promise<number> {
  const row = await tx
    .selectFrom('sport_registrations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sport_id', '=', sportId)
    .where('status', '=', 'selected')
    .executeTakeFirst();
  // PostgreSQL answers count(*) as a bigint string.
  return Number(row?.n ?? 0);
}

/**
 * Refuses making `adding` more Main Players when that would pass the sport's spots, unless the lead
 * confirmed going over capacity (issue 16 item 3: 409 with a sentence).
 */
export function checkCapacity(sport: LockedSport, selectedNow: number, adding: number, confirmed: boolean | undefined): void {
  if (adding <= 0 || confirmed || selectedNow + adding <= sport.total_spots) return;
  const left = Math.max(0, sport.total_spots - selectedNow);
  throw new DomainError(
    'sports.team_full',
    `${sport.name} has ${sport.total_spots} Main Player spot${sport.total_spots === 1 ? '' : 's'} and ${selectedNow} ${selectedNow === 1 ? 'is' : 'are'} taken` +
      `${left > 0 ? ` (${left} left)` : ''}; selecting ${adding} more would go over capacity. Confirm to select over capacity.`,
    { sport: sport.name, spots: sport.total_spots, taken: selectedNow, left, adding },
  );
}

/**
 * Moves the first `places` reserves of the sport (waiting-list order) up to Main Player, skipping
 * `except` (rows the same change just moved). Answers the ids moved up, in order.
 */
export async function moveUpFromWaitingList(
  tx: SportsTx,
  sportId: number,
  places: number,
  now: number,
  except: readonly number[],
): Promise<number[]> {
  if (places <= 0) return [];
  let query = tx
    .selectFrom('sport_registrations')
    .select('id')
    .where('sport_id', '=', sportId)
    .where('status', '=', 'reserve')
    .orderBy('queued_at')
    .orderBy('id')
    .limit(places);
  if (except.length > 0) query = query.where('id', 'not in', except);
  const ids = (await query.execute()).map((r) => r.id);
  if (ids.length > 0)
    await tx
      .updateTable('sport_registrations')
      .set({ status: 'selected', queued_at: null, moved_up_at: now, updated_at: now })
      .where('id', 'in', ids)
      .execute();
  return ids;
}

/**
 * After a sport's spots changed from `before` (its locked row): raising them moves up as many reserves
 * as new places are free (decision 0033). Only new spots promote: a reserve a lead set back for a
 * tryout stays one when the sport is saved again unchanged.
 */
export async function fillNewSpots(tx: SportsTx, before: LockedSport, totalSpots: number, now: number): Promise<number[]> {
  const places = Math.min(totalSpots - before.total_spots, totalSpots - (await countSelected(tx, before.id)));
  return moveUpFromWaitingList(tx, before.id, places, now, []);
}

/** The columns a status change writes: a reserve queues at the end, anything else leaves the queue. */
export function statusColumns(status: RegistrationStatus, now: number) {
  return { status, updated_at: now, queued_at: status === 'reserve' ? now : null, moved_up_at: null };
}

/** Places on the waiting list (1 = next to move up) of the reserves of a sport, by registration id. */
export async function waitingPositions(db: Pick<SportsDeps['db'], 'selectFrom'>, sportId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('sport_registrations')
    .select('id')
    .where('sport_id', '=', sportId)
    .where('status', '=', 'reserve')
    .orderBy('queued_at')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r, index) => [r.id, index + 1]));
}

/** Today's date at the school (YYYY-MM-DD in SCHOOL_TIME_ZONE). */
export function schoolToday(now: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now));
}

/** Whether today (school-local) lies within a sport's registration dates, both inclusive. */
export function withinRegistrationDates(
  sport: Pick<LockedSport, 'registration_opens_on' | 'registration_closes_on'>,
  today: string,
): 'open' | 'not_yet' | 'passed' {
  if (sport.registration_opens_on && today < sport.registration_opens_on) return 'not_yet';
  if (sport.registration_closes_on && today > sport.registration_closes_on) return 'passed';
  return 'open';
}
