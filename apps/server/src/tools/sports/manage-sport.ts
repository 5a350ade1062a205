import { SportEditRequest, type Sport, type SportsRefusalReason } from '@guildhall/contracts/sports';
import { isUniqueViolation } from '@server/core/db/database';
import { DomainError } from '@server/core/errors/domain-error';
import { parseInput } from '@server/core/http/parse-input';
import { listSports } from './list-sports';
import { fillNewSpots, lockSport } from './sport-team';
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
  const input = parseInput(SportEditRequest, body);
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
  const input = parseInput(SportEditRequest, body);
  try {
    await deps.db.transaction().execute(async (tx) => {
      const before = await lockSport(tx, sportId);
      if (!before) throw new DomainError('not_found', 'No such sport.', { reason: 'sport_missing' satisfies SportsRefusalReason });
      await tx.updateTable('sports').set(input).where('id', '=', sportId).execute();
      await fillNewSpots(tx, before, input.total_spots, deps.now());
    });
  } catch (error) {
    nameTaken(error, input.name);
  }
  return answerSport(deps, account, sportId);
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
