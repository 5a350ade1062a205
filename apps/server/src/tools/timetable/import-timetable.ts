import type { ImportTimetableAnswer } from '@guildhall/contracts/timetable';
import { parseTimetableCsv } from './parse-timetable-csv';
import type { TimetableDeps } from './timetable-deps';

/** Replaces the owner's weekly timetable with a CSV file's classes (UI upload and `cli import-timetable`). */
export async function importTimetable(deps: Pick<TimetableDeps, 'store'>, ownerId: number, csv: string): Promise<ImportTimetableAnswer> {
  const rows = parseTimetableCsv(csv);
  return deps.store.replaceTimetable(ownerId, rows);
}
