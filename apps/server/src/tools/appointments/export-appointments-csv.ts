import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import type { StaffRangeQuery } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';
import { readRange } from './list-range-appointments';

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

/** Issue 15 item 5: the bookings of a range of days as CSV (UTF-8 with BOM, so spreadsheets read Thai names). */
export async function exportAppointmentsCsv(deps: Pick<AppointmentsDeps, 'db' | 'timeZone'>, query: StaffRangeQuery): Promise<string> {
  const rows = await readRange(deps, query);
  const local = (ms: number, pattern: string) => format(new TZDate(ms, deps.timeZone), pattern);
  const lines = rows.map((r) =>
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
      .join(','),
  );
  return `\uFEFF${[HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
