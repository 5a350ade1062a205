import { CsvError, parse } from 'csv-parse/sync';
import { TIMETABLE_LIMITS, TimetableCsvRow, type TimetableRefusalReason } from '@guildhall/contracts/timetable';
import { minutesOf } from '@guildhall/contracts/timetable-rules';
import { uniqueColumns } from '@server/core/csv/unique-columns';
import { DomainError } from '@server/core/errors/domain-error';
import { describeZodError, safeParseInput } from '@server/core/http/parse-input';

export const TIMETABLE_CSV_COLUMNS = ['subject_code', 'subject_name', 'day_of_week', 'start_time', 'end_time', 'room'] as const;

/**
 * A weekly timetable from CSV (header: subject_code, subject_name, day_of_week, start_time,
 * end_time, room). Every row is checked before anything is written; the first problem is a 400
 * naming its line and field.
 */
export function parseTimetableCsv(text: string): TimetableCsvRow[] {
  // With `info`, each record carries the file line it ends on: counting rows from the header was off
  // after a blank line (skipped) or a quoted field over several lines, and named the wrong line.
  let parsedRecords: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    parsedRecords = parse(text, {
      bom: true,
      columns: uniqueColumns((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      info: true,
    });
  } catch (error) {
    const short = fieldCountProblem(error);
    if (short)
      throw new DomainError(
        'invalid_input',
        `Line ${short.line} has ${short.got} ${short.got === 1 ? 'field' : 'fields'}, but the header has ${short.expected} columns: every row needs one field for each column (an empty field is fine).`,
        { reason: 'csv_field_count' satisfies TimetableRefusalReason, ...short },
      );
    throw new DomainError('invalid_input', `The CSV file could not be read: ${(error as Error).message}`, {
      reason: 'csv_unreadable' satisfies TimetableRefusalReason,
    });
  }
  const records = parsedRecords.map((r) => r.record);
  // Issue 16 item 1: `reason` and the data say which sentence this is, for a reader in another language.
  if (records.length === 0)
    throw new DomainError('invalid_input', 'The CSV file has no classes.', { reason: 'csv_empty' satisfies TimetableRefusalReason });
  if (records.length > TIMETABLE_LIMITS.csvRows)
    throw new DomainError('invalid_input', `The CSV file has more than ${TIMETABLE_LIMITS.csvRows} classes.`, {
      reason: 'csv_too_long' satisfies TimetableRefusalReason,
      max: TIMETABLE_LIMITS.csvRows,
    });
  const missing = TIMETABLE_CSV_COLUMNS.filter((c) => c !== 'room' && !(c in records[0]!));
  if (missing.length)
    throw new DomainError('invalid_input', `The CSV header is missing: ${missing.join(', ')}.`, {
      reason: 'csv_header' satisfies TimetableRefusalReason,
      columns: missing.join(', '),
    });

  // Each day's classes so far, to refuse a second class in the same time: one student cannot sit two
  // classes at once, and the page would show both as In Progress (002 §4).
  const days = new Map<number, { row: TimetableCsvRow; line: number }[]>();
  return records.map((record, index) => {
    const line = parsedRecords[index]!.info.lines;
    const parsed = safeParseInput(TimetableCsvRow, record);
    if (!parsed.success)
      throw new DomainError('invalid_input', `Line ${line}: ${describeZodError(parsed.error)}`, {
        reason: 'csv_line' satisfies TimetableRefusalReason,
        line,
      });
    const row = parsed.data;
    const start = minutesOf(row.start_time);
    const end = minutesOf(row.end_time);
    if (end <= start)
      throw new DomainError('invalid_input', `Line ${line}: end_time must be after start_time.`, {
        reason: 'csv_end_before_start' satisfies TimetableRefusalReason,
        line,
      });
    let day = days.get(row.day_of_week);
    if (!day) days.set(row.day_of_week, (day = []));
    const same = day.find((c) => c.row.start_time === row.start_time);
    if (same)
      throw new DomainError(
        'invalid_input',
        `Line ${line}: another class (line ${same.line}) already starts at ${row.start_time} that day.`,
        {
          reason: 'csv_same_start' satisfies TimetableRefusalReason,
          line,
          earlier: same.line,
          time: row.start_time,
        },
      );
    // A class may start when another ends (08:30-09:20, 09:20-10:10), not before.
    const overlap = day.find((c) => minutesOf(c.row.start_time) < end && start < minutesOf(c.row.end_time));
    if (overlap)
      throw new DomainError(
        'invalid_input',
        `Line ${line}: this class overlaps the class on line ${overlap.line} (${overlap.row.start_time}-${overlap.row.end_time}) that day.`,
        {
          reason: 'csv_overlap' satisfies TimetableRefusalReason,
          line,
          earlier: overlap.line,
          start: overlap.row.start_time,
          end: overlap.row.end_time,
        },
      );
    day.push({ row, line });
    return row;
  });
}

/**
 * A row with more or fewer fields than the header has columns (a spreadsheet export that dropped a
 * trailing empty cell, a stray comma), told in our words: csv-parse's own is "Invalid Record Length:
 * columns length is 6, got 5 on line 3" (audit of the timetable import, defect 1).
 */
function fieldCountProblem(error: unknown): { line: number; expected: number; got: number } | null {
  if (!(error instanceof CsvError) || error.code !== 'CSV_RECORD_INCONSISTENT_COLUMNS') return null;
  const { lines, columns, record } = error;
  if (typeof lines !== 'number' || !Array.isArray(columns) || !Array.isArray(record)) return null;
  return { line: lines, expected: columns.length, got: record.length };
}
