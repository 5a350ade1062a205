import { Readable } from 'node:stream';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import type { StaffRangeQuery } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';
import { type RangeRow, readRange } from './list-range-appointments';

const HEADER = [
  'id',
  'date',
  'start',
  'end',
  'time_zone',
  'line_user_id',
  'display_name',
  'topic',
  'status',
  'attendance',
  'cancel_reason',
  'created_at',
];

/** A CSV cell: quoted when needed, and a leading =, +, - or @ defused so spreadsheets do not run it. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Issue 15 item 5: the bookings of a range of days as CSV (UTF-8 with BOM, so spreadsheets read Thai
 * names). Decision 0073: an export holds every booking of the range, as a spreadsheet's user expects:
 * it is read in pages of APPOINTMENT_STAFF_LIST_MAX_ROWS (keyset on start and id) and streamed, so a
 * large range costs one page of memory, where it stopped at 20,000 rows without a word. The first
 * page is read before the answer starts, so a database that is down is still answered with its 503.
 */
export async function exportAppointmentsCsv(
  deps: Pick<AppointmentsDeps, 'db' | 'timeZone' | 'limits'>,
  query: StaffRangeQuery,
): Promise<Readable> {
  const first = await readRange(deps, query, deps.limits.staffListRows);
  const local = (ms: number, pattern: string) => format(new TZDate(ms, deps.timeZone), pattern);
  const line = (r: RangeRow) =>
    [
      r.id,
      local(r.starts_at, 'yyyy-MM-dd'),
      local(r.starts_at, 'HH:mm'),
      local(r.ends_at, 'HH:mm'),
      deps.timeZone,
      r.line_user_id,
      r.display_name,
      r.topic,
      r.status,
      r.attendance,
      r.cancel_reason,
      new Date(r.created_at).toISOString(),
    ]
      .map(cell)
      .join(',');
  async function* text() {
    yield `\uFEFF${HEADER.join(',')}\r\n`;
    for (let page = first; ; page = await readRange(deps, query, deps.limits.staffListRows, page.rows.at(-1))) {
      if (page.rows.length > 0) yield page.rows.map((r) => `${line(r)}\r\n`).join('');
      if (!page.truncated) return;
    }
  }
  return Readable.from(text());
}
