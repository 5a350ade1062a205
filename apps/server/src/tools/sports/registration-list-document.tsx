import { type AdminRegistrationRow, type RegistrationStatus, type SchoolLanguage, STATUS_LABELS } from '@guildhall/contracts/sports';
import { listMessages } from './registration-list-messages';

export interface RegistrationListProps {
  sportName: string;
  rows: readonly AdminRegistrationRow[];
  printedAt: number;
  /** The school's zone (SCHOOL_TIME_ZONE): the list shows the school's local times whatever zone the server runs in. */
  timeZone: string;
  /** Issue 16 item 1: the language of the person printing (English when left out). */
  language?: SchoolLanguage;
  /** The lead's "Show" filter: only rows of this status are listed, and the sheet says so. */
  status?: RegistrationStatus;
}

/** 002 §2 Admin panel "print action": the registrations table of one sport, on A4 portrait. */
export function RegistrationListDocument({ sportName, rows, printedAt, timeZone, language = 'en', status }: RegistrationListProps) {
  const { t, locale } = listMessages(language);
  const dateFormat = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const formatDate = (iso: string) => dateFormat.format(new Date(iso));
  const counts = Object.fromEntries(Object.keys(STATUS_LABELS).map((s) => [s, rows.filter((r) => r.status === s).length]));
  return (
    <main className="sheet">
      <header>
        <h1>{t('heading')}</h1>
        <p className="sport">{sportName}</p>
        {status && <p className="only">{t('only', { status: t(`statuses.${status}`) })}</p>}
        <p className="meta">
          {t('meta', {
            printed: formatDate(new Date(printedAt).toISOString()),
            total: rows.length,
            selected: counts.selected,
            selectedLabel: t('statuses.selected'),
            reserve: counts.reserve,
            reserveLabel: t('statuses.reserve'),
            pending: counts.pending_selection,
            pendingLabel: t('statuses.pending_selection'),
          })}
        </p>
      </header>
      {rows.length === 0 ? (
        <p className="empty">{t('empty')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>{t('columns.studentId')}</th>
              <th>{t('columns.email')}</th>
              <th>{t('columns.date')}</th>
              <th>{t('columns.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.registration_id}>
                <td>{index + 1}</td>
                <td>{row.student_id}</td>
                <td className="email">{row.student_email ?? '-'}</td>
                <td className="date">{formatDate(row.registration_date)}</td>
                <td className={`status ${row.status}`}>
                  {t(`statuses.${row.status}`)}
                  {/* Decision 0033: a reserve's place on the waiting list, as on the Admin Panel. */}
                  {row.waiting_position !== null && <div className="place">{t('waiting', { position: row.waiting_position })}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

export const REGISTRATION_LIST_CSS = `
@page { size: A4 portrait; margin: 16mm 14mm; }
body { color: #111; font-size: 10.5pt; }
header { border-bottom: 2px solid #111; margin-bottom: 8mm; padding-bottom: 3mm; }
h1 { font-size: 18pt; margin: 0; }
.sport { font-size: 15pt; font-weight: 700; margin: 1mm 0; overflow-wrap: anywhere; }
.only { font-weight: 700; margin: 0 0 1mm; }
.meta { color: #444; margin: 0; font-size: 9.5pt; }
table { width: 100%; border-collapse: collapse; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th, td { text-align: left; padding: 2mm 2.5mm; border-bottom: 0.5pt solid #bbb; vertical-align: top; }
/* A long email breaks anywhere, so the other columns keep their words whole and stay on the page. */
.email { overflow-wrap: anywhere; }
.date { white-space: nowrap; }
.place { font-weight: 400; color: #444; font-size: 9pt; }
th { background: #eef1f5; font-weight: 700; }
td:first-child, th:first-child { width: 9mm; color: #555; }
.status.selected { font-weight: 700; }
.empty { font-style: italic; }
`;
