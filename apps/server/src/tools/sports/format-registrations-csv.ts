import { type AdminRegistrationRow, STATUS_LABELS } from '@guildhall/contracts/sports';

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** "2026-11-24 17:29:16": the school's wall-clock time, which spreadsheets read as a date and time. */
function schoolTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * Issue "plus CSV export": the admin table as CSV (UTF-8 with a BOM so spreadsheets read Thai), its
 * times in the school's zone as on the screen and the printed list (README), and each reserve's
 * place on the waiting list (decision 0033).
 */
export function formatRegistrationsCsv(rows: readonly AdminRegistrationRow[], timeZone: string): string {
  const header = ['registration_id', 'student_id', 'student_email', 'registration_date', 'status', 'status_label', 'waiting_position'];
  const lines = rows.map((r) =>
    [
      String(r.registration_id),
      r.student_id,
      r.student_email ?? '',
      schoolTime(r.registration_date, timeZone),
      r.status,
      STATUS_LABELS[r.status],
      r.waiting_position === null ? '' : String(r.waiting_position),
    ]
      .map(cell)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
