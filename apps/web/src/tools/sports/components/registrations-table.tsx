import { useEffect, useRef } from 'react';
import { type AdminRegistrationRow, RegistrationStatus } from '@guildhall/contracts/sports';
import { SelectField } from '@/ui/field';
import { useSportsT } from '../messages';

/**
 * 002 §2 the admin table of registrations, with a checkbox per row for bulk changes (issue 16 item
 * 3). A real table on wide screens; each row becomes a card below 640 px (issue 16 item 2), so the
 * page never scrolls sideways.
 */
export function RegistrationsTable({
  caption,
  rows,
  formatDate,
  chosen,
  onChoose,
  busy,
  onStatus,
  focusRow = null,
}: {
  caption: string;
  rows: readonly AdminRegistrationRow[];
  formatDate(iso: string): string;
  chosen: ReadonlySet<number>;
  onChoose(ids: readonly number[], on: boolean): void;
  busy: boolean;
  onStatus(row: AdminRegistrationRow, status: RegistrationStatus): void;
  /** Decision 0070: the row whose checkbox takes the focus (the first of a page just loaded); a new object each time. */
  focusRow?: { registrationId: number } | null;
}) {
  const { t } = useSportsT();
  const checkboxes = useRef(new Map<number, HTMLInputElement>());
  useEffect(() => {
    if (focusRow) checkboxes.current.get(focusRow.registrationId)?.focus();
  }, [focusRow]);
  const allChosen = rows.length > 0 && rows.every((r) => chosen.has(r.registration_id));
  return (
    <div className="sports-regs" role="region" aria-label={caption}>
      <table className="sports-regs__table">
        <caption className="sports-regs__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="sports-regs__check">
              <input
                type="checkbox"
                aria-label={t('admin.chooseAll')}
                checked={allChosen}
                disabled={rows.length === 0}
                onChange={(e) =>
                  onChoose(
                    rows.map((r) => r.registration_id),
                    e.target.checked,
                  )
                }
              />
            </th>
            <th scope="col">{t('admin.studentId')}</th>
            <th scope="col">{t('admin.email')}</th>
            <th scope="col">{t('admin.date')}</th>
            <th scope="col">{t('admin.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5} className="sports-regs__empty">
                {t('admin.empty')}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.registration_id} data-testid="registration-row">
                <td className="sports-regs__check">
                  <input
                    ref={(node) => {
                      if (node) checkboxes.current.set(r.registration_id, node);
                      else checkboxes.current.delete(r.registration_id);
                    }}
                    type="checkbox"
                    aria-label={t('admin.choose', { id: r.student_id })}
                    checked={chosen.has(r.registration_id)}
                    onChange={(e) => onChoose([r.registration_id], e.target.checked)}
                  />
                </td>
                <th scope="row" data-label={t('admin.studentId')}>
                  {r.student_id}
                </th>
                <td data-label={t('admin.email')} className="sports-regs__email">
                  {r.student_email ?? '-'}
                </td>
                <td data-label={t('admin.date')}>{formatDate(r.registration_date)}</td>
                <td data-label={t('admin.status')}>
                  <SelectField
                    label={t('admin.statusOf', { id: r.student_id })}
                    hideLabel
                    value={r.status}
                    disabled={busy}
                    onChange={(e) => onStatus(r, RegistrationStatus.parse(e.target.value))}
                    options={RegistrationStatus.options.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
                  />
                  {r.waiting_position !== null && (
                    <span className="sports-regs__place">{t('admin.waiting', { position: r.waiting_position })}</span>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
