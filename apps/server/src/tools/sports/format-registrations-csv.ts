import { type AdminRegistrationRow, STATUS_LABELS } from '@guildhall/contracts/sports';

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Issue "plus CSV export": the admin table as CSV (UTF-8 with a BOM so spreadsheets read Thai). */
export function formatRegistrationsCsv(rows: readonly AdminRegistrationRow[]): string {
  const header = ['registration_id', 'student_id', 'student_email', 'registration_date', 'status', 'status_label'];
  const lines = rows.map((r) =>
    [String(r.registration_id), r.student_id, r.student_email ?? '', r.registration_date, r.status, STATUS_LABELS[r.status]]
      .map(cell)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
