import { SportEditRequest, type Sport, type SportEditExpected, type SportsRefusalReason } from '@guildhall/contracts/sports';
import { isUniqueViolation } from '@server/core/db/database';
import { DomainError } from '@server/core/errors/domain-error';
import { parseInput } from '@server/core/http/parse-input';
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

function nameTaken(error: unknown, name: string): never {
  if (isUniqueViolation(error)) throw new DomainError('sports.name_taken', `A sport named "${name}" already exists.`, { name });
  throw error;
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
    nameTaken(error, input.name);
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
    nameTaken(error, input.name);
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
