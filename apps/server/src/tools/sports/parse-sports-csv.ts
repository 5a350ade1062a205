import { parse } from 'csv-parse/sync';
import { uniqueColumns } from '@server/core/csv/unique-columns';
import { DomainError } from '@server/core/errors/domain-error';

/**
 * Reads a sports CSV with the header `name,description,total_spots,eligibility_level` (002 §3 Sport
 * fields). Answers raw records; upsertSports validates each with the shared contract. The description
 * column may be left out: the sports it updates keep theirs (decision 0063).
 */
export function parseSportsCsv(text: string): Array<Record<string, string>> {
  let records: Array<Record<string, string>>;
  try {
    records = parse(text, { columns: uniqueColumns(), skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    throw new DomainError('invalid_input', `The CSV could not be read: ${(error as Error).message}`);
  }
  const required = ['name', 'total_spots', 'eligibility_level'];
  const header = Object.keys(records[0] ?? {});
  const missing = required.filter((column) => !header.includes(column));
  if (records.length && missing.length) throw new DomainError('invalid_input', `The CSV is missing the column(s): ${missing.join(', ')}`);
  return records;
}
