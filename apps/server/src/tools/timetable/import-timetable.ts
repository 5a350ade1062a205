import type { ImportTimetableAnswer, TimetableCsvRow } from '@guildhall/contracts/timetable';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import { parseTimetableCsv } from './parse-timetable-csv';
import type { TimetableDeps } from './timetable-deps';

/** Replaces the owner's weekly timetable with a CSV file's classes (UI upload and `cli import-timetable`). */
export async function importTimetable(
  deps: Pick<TimetableDeps, 'db' | 'now'>,
  ownerId: number,
  csv: string,
): Promise<ImportTimetableAnswer> {
  const rows = parseTimetableCsv(csv);
  return replaceTimetable(deps, ownerId, rows);
}

/**
 * Makes `rows` the owner's weekly timetable in one transaction: a class in the same slot (day and
 * start time) keeps its id, and so its overrides and notes; classes no longer listed go, with their
 * overrides. Issue 10 item 9: two imports at once both find a slot empty and both insert it; the
 * slot's unique index refuses the later one, which then runs again and finds the class.
 */
export async function replaceTimetable(
  deps: Pick<TimetableDeps, 'db' | 'now'>,
  ownerId: number,
  rows: readonly TimetableCsvRow[],
): Promise<ImportTimetableAnswer> {
  return retryOnWriteConflict(() =>
    deps.db.transaction().execute(async (tx) => {
      const existing = await tx
        .selectFrom('timetable_schedule_items')
        .select(['id', 'day_of_week', 'start_time'])
        .where('owner_id', '=', ownerId)
        .execute();
      const bySlot = new Map(existing.map((e) => [`${e.day_of_week} ${e.start_time}`, e.id]));
      const kept = new Set<number>();
      let added = 0;
      let updated = 0;
      for (const row of rows) {
        const id = bySlot.get(`${row.day_of_week} ${row.start_time}`);
        const values = { subject_code: row.subject_code, subject_name: row.subject_name, end_time: row.end_time, room: row.room };
        if (id !== undefined) {
          await tx.updateTable('timetable_schedule_items').set(values).where('id', '=', id).where('owner_id', '=', ownerId).execute();
          kept.add(id);
          updated++;
        } else {
          await tx
            .insertInto('timetable_schedule_items')
            .values({
              owner_id: ownerId,
              day_of_week: row.day_of_week,
              start_time: row.start_time,
              status: 'Up-Coming',
              notes: '',
              created_at: deps.now(),
              ...values,
            })
            .execute();
          added++;
        }
      }
      const gone = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
      if (gone.length) {
        // Explicit, not only ON DELETE CASCADE, so it holds on a SQLite file opened without foreign keys.
        await tx.deleteFrom('timetable_overrides').where('owner_id', '=', ownerId).where('schedule_item_id', 'in', gone).execute();
        await tx.deleteFrom('timetable_schedule_items').where('owner_id', '=', ownerId).where('id', 'in', gone).execute();
      }
      return { added, updated, removed: gone.length };
    }),
  );
}
