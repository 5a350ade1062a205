import { SportInput } from '@guildhall/contracts/sports';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import { DomainError } from '@server/core/errors/domain-error';
import { describeZodError, safeParseInput } from '@server/core/http/parse-input';
import { findSportByName } from './find-sport-by-name';
import { fillNewSpots, lockSport } from './sport-team';
import type { SportsDeps } from './sports-deps';

/**
 * Creates or updates sports by name (the CLI, the CSV import and the demo seed). Every row is
 * checked before anything is written, and the writes share one transaction: a bad row leaves the
 * table as it was.
 */
export async function upsertSports(
  deps: SportsDeps,
  inputs: readonly unknown[],
): Promise<{ created: number; updated: number; archived: string[] }> {
  const parsed = inputs.map((input, index) => {
    const result = safeParseInput(SportInput, input);
    if (!result.success) throw new DomainError('invalid_input', `row ${index + 1}: ${describeZodError(result.error)}`);
    return result.data;
  });
  // Decision 0063: a name is one sport whatever its capitals, in the file as in the table.
  const names = new Set<string>();
  for (const [index, sport] of parsed.entries()) {
    const key = sport.name.toLowerCase();
    if (names.has(key)) throw new DomainError('invalid_input', `row ${index + 1}: the sport "${sport.name}" appears twice`);
    names.add(key);
  }
  const now = deps.now();
  // Issue 10 item 9: two imports at once may both find a sport missing; the unique name refuses the
  // later insert, and that import runs again, finding the sport to update.
  return retryOnWriteConflict(() =>
    deps.db.transaction().execute(async (tx) => {
      let created = 0;
      let updated = 0;
      const archived: string[] = [];
      for (const sport of parsed) {
        // Decision 0063: "football" updates the stored "Football" (its spelling stays; the page renames).
        const existing = await findSportByName(tx, sport.name);
        // Decision 0063: a file without a description column leaves the stored descriptions alone.
        const values = {
          ...(sport.description === undefined ? {} : { description: sport.description }),
          total_spots: sport.total_spots,
          eligibility_level: sport.eligibility_level,
        };
        // As on the Admin Panel (manage-sport.ts): the sport's row is locked, and raised spots move up
        // reserves. Before, an import raising them left the waiting list queued beside free spots.
        const before = existing ? await lockSport(tx, existing.id) : null;
        // Decision 0063: an archived sport stays as it was archived, as on the Admin Panel (restore it
        // first). A re-imported old file is still the operator's: its other rows are imported, and the
        // archived ones named, not refused.
        if (before && before.archived_at !== null) {
          archived.push(before.name);
        } else if (before) {
          await tx.updateTable('sports').set(values).where('id', '=', before.id).execute();
          await fillNewSpots(tx, before, sport.total_spots, now);
          updated += 1;
        } else {
          await tx
            .insertInto('sports')
            .values({ name: sport.name, description: '', created_at: now, ...values })
            .execute();
          created += 1;
        }
      }
      return { created, updated, archived };
    }),
  );
}
