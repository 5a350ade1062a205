import { SportEditRequest, type Sport, type SportEditExpected, type SportsRefusalReason } from '@guildhall/contracts/sports';
import { isUniqueViolation } from '@server/core/db/database';
import { DomainError } from '@server/core/errors/domain-error';
import { parseInput } from '@server/core/http/parse-input';
import { findSportByName } from './find-sport-by-name';
import { listSports } from './list-sports';
import { countSelected, fillNewSpots, lockSport, type SportsTx } from './sport-team';
import type { SchoolAccount } from '@server/core/auth/school-account-store';
import type { SportsDeps } from './sports-deps';

// Issue 16 item 4: leads and developers create, edit and archive sports on a page, besides the CSV
// import (which keeps updating by name).

async function answerSport(deps: SportsDeps, account: SchoolAccount, id: number): Promise<Sport> {
  const sport = (await listSports(deps, account)).find((s) => s.sport_id === id);
  if (!sport) throw new DomainError('not_found', 'No such sport.', { reason: 'sport_missing' satisfies SportsRefusalReason });
  return sport;
}

/** What to throw for a failed write: another sport has the name (whatever its capitals, decision 0063), named as stored. */
async function nameTaken(deps: SportsDeps, error: unknown, name: string): Promise<unknown> {
  if (!isUniqueViolation(error)) return error;
  const taken = (await findSportByName(deps.db, name))?.name ?? name;
  return new DomainError('sports.name_taken', `A sport named "${taken}" already exists.`, { name: taken });
}

export async function createSport(deps: SportsDeps, account: SchoolAccount, body: unknown): Promise<Sport> {
  // `expected` guards an edit (decision 0061); a new sport has nothing to have been opened from.
  const { expected: _expected, confirm_over_capacity: _confirm, ...input } = parseInput(SportEditRequest, body);
  const now = deps.now();
  let id: number;
  try {
    ({ id } = await deps.db
      .insertInto('sports')
      .values({ ...input, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow());
  } catch (error) {
    throw await nameTaken(deps, error, input.name);
  }
  return answerSport(deps, account, id);
}

/** Edits a sport; raising its spots lets that many reserves move up (the team fills itself). */
export async function editSport(deps: SportsDeps, account: SchoolAccount, sportId: number, body: unknown): Promise<Sport> {
  const { expected, confirm_over_capacity: confirmed, ...input } = parseInput(SportEditRequest, body);
  try {
    await deps.db.transaction().execute(async (tx) => {
      const before = await lockSport(tx, sportId);
      if (!before) throw new DomainError('not_found', 'No such sport.', { reason: 'sport_missing' satisfies SportsRefusalReason });
      // Decision 0063: an archived sport stays as it was archived (its registrations are the record,
      // 0033). An edit was saved, and raising its spots moved reserves up in a sport students no
      // longer see; the Admin Panel restores it first (POST .../archive {archived: false}).
      if (before.archived_at !== null)
        throw new DomainError('sports.archived_not_editable', `${before.name} is archived. Restore it before editing it.`, {
          sport: before.name,
        });
      // Decision 0061 (as 0051): two leads open the same sport; A saves a new description, then B,
      // whose form still shows the old one, saves a change of spots and put the old description back
      // unseen. The sport's row is locked above, so comparing what the form opened with what is
      // stored now is a compare-and-set.
      if (expected) await refuseIfChanged(tx, sportId, expected);
      // Decision 0033: never more Main Players than spots without the lead's confirmation. Selecting a
      // third player for two spots asked; lowering three Main Players' spots to two did not, and the
      // team was silently over capacity. Only a lowering is asked about, so a sport already over
      // capacity (confirmed then) saves its other fields as before.
      if (input.total_spots < before.total_spots && !confirmed) {
        const taken = await countSelected(tx, sportId);
        if (input.total_spots < taken)
          throw new DomainError(
            'sports.team_full',
            `${before.name} has ${taken} Main Players; lowering its spots to ${input.total_spots} would leave it over capacity. ` +
              'Confirm to save over capacity, or change some Main Players first.',
            { reason: 'spots_below_team' satisfies SportsRefusalReason, sport: before.name, spots: input.total_spots, taken },
          );
      }
      await tx.updateTable('sports').set(input).where('id', '=', sportId).execute();
      await fillNewSpots(tx, before, input.total_spots, deps.now());
    });
  } catch (error) {
    throw await nameTaken(deps, error, input.name);
  }
  return answerSport(deps, account, sportId);
}

async function refuseIfChanged(tx: SportsTx, sportId: number, expected: SportEditExpected): Promise<void> {
  const now = await tx
    .selectFrom('sports')
    .select(['name', 'description', 'total_spots', 'eligibility_level', 'image', 'registration_opens_on', 'registration_closes_on'])
    .where('id', '=', sportId)
    .executeTakeFirstOrThrow();
  const changed = (Object.keys(expected) as Array<keyof SportEditExpected>).filter(
    (field) => expected[field] !== undefined && expected[field] !== now[field],
  );
  if (changed.length > 0)
    throw new DomainError(
      'conflict',
      `Someone else changed ${now.name} since you opened it (${changed.join(', ')}). The list now shows their change; save again to replace it with yours.`,
      { reason: 'sport_changed' satisfies SportsRefusalReason, sport: now.name, fields: changed.join(', ') },
    );
}

/** Archived sports are hidden from students and refuse registrations; registrations stay for the record. */
export async function archiveSport(deps: SportsDeps, account: SchoolAccount, sportId: number, archived: boolean): Promise<Sport> {
  const result = await deps.db
    .updateTable('sports')
    .set({ archived_at: archived ? deps.now() : null })
    .where('id', '=', sportId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n)
    throw new DomainError('not_found', 'No such sport.', { reason: 'sport_missing' satisfies SportsRefusalReason });
  return answerSport(deps, account, sportId);
}
