import { useEffect, useState } from 'react';
import { type AdminRegistrationRow, RegistrationStatus, STATUS_LABELS } from '@guildhall/contracts/sports';
import { Button } from '@/ui/button';
import { SelectField } from '@/ui/field';
import { Spinner } from '@/ui/spinner';
import { Table } from '@/ui/table';
import { downloadRegistrations } from '../api/download-registrations';
import { useRegistrationStatus } from '../api/get-registration-status';
import { useSportsConfig } from '../api/get-sports-config';
import { useSportRegistrations } from '../api/get-sport-registrations';
import { useSports } from '../api/get-sports';
import { useSetRegistrationOpen } from '../api/set-registration-open';
import { ApiError } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';
import { useUpdateRegistrationStatus } from '../api/update-registration-status';
import type { SportsSession } from '../lib/session';
import { ConfirmModal, ErrorModal } from './sports-modals';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'An unexpected error occurred.');

/**
 * 002 §2 Admin panel (developer and sports_lead): sport selector, registrations table, status
 * change after the 002 §5 confirmation, print (the server's vector PDF) and CSV; plus the
 * open/close switch for registration.
 */
export function AdminPanel({ session, onLoadFailure }: { session: SportsSession; onLoadFailure(message: string): void }) {
  const sports = useSports(session.token);
  const settings = useRegistrationStatus();
  // The school's zone (as on the printed list), so every admin reads the same times wherever they are.
  const timeZone = useSportsConfig().data?.timeZone;
  const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const [sportId, setSportId] = useState<number | null>(null);
  const registrations = useSportRegistrations(sportId);
  const update = useUpdateRegistrationStatus();
  const setOpen = useSetRegistrationOpen();
  const [pending, setPending] = useState<{ row: AdminRegistrationRow; status: RegistrationStatus } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyFile, setBusyFile] = useState<'csv' | 'pdf' | null>(null);

  const loadError = sports.error
    ? `Failed to load sports list: ${messageOf(sports.error)}`
    : settings.error
      ? messageOf(settings.error)
      : null;
  useEffect(() => {
    if (loadError) onLoadFailure(loadError);
  }, [loadError, onLoadFailure]);
  useEffect(() => {
    if (sportId === null && sports.data?.[0]) setSportId(sports.data[0].sport_id);
  }, [sportId, sports.data]);

  if (sports.isPending || settings.isPending) return <Spinner label="Loading admin panel" />;
  if (loadError || !sports.data || !settings.data) return null;
  const sport = sports.data.find((s) => s.sport_id === sportId) ?? null;
  const open = settings.data.isRegistrationOpen;

  const confirmChange = () => {
    if (!pending) return;
    update.mutate(
      // The student on the row the admin saw: a stale table then cannot change another student (issue 10 item 10).
      { registration_id: pending.row.registration_id, status: pending.status, student_id: pending.row.student_id },
      { onSettled: () => setPending(null), onError: (e) => setError(`Failed to update status: ${messageOf(e)}`) },
    );
  };
  const download = async (kind: 'csv' | 'pdf') => {
    if (!sport) return;
    setBusyFile(kind);
    try {
      const blob = await downloadRegistrations(sport.sport_id, kind);
      if (kind === 'pdf') {
        // Print: the browser's PDF viewer prints it; a blocked pop-up falls back to saving the file.
        const url = URL.createObjectURL(blob);
        if (!window.open(url, '_blank')) saveBlob(blob, `registrations-${sport.name}.pdf`);
      } else saveBlob(blob, `registrations-${sport.name}.csv`);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusyFile(null);
    }
  };

  return (
    <section className="sports-admin" aria-labelledby="sports-admin-title">
      <h2 id="sports-admin-title" className="sports-section-title">
        Admin Panel
      </h2>
      <div className="sports-admin__registration" role="status">
        <span>
          Registration is <strong>{open ? 'open' : 'closed'}</strong>.
        </span>
        <Button
          size="sm"
          variant={open ? 'danger' : 'primary'}
          disabled={setOpen.isPending}
          onClick={() => setOpen.mutate(!open, { onError: (e) => setError(messageOf(e)) })}
        >
          {open ? 'Close registration' : 'Open registration'}
        </Button>
      </div>
      <div className="sports-admin__toolbar">
        <SelectField
          label="Sport"
          value={sportId === null ? '' : String(sportId)}
          onChange={(e) => setSportId(Number(e.target.value))}
          options={sports.data.map((s) => ({ value: String(s.sport_id), label: s.name }))}
        />
        <div className="sports-admin__actions">
          <Button variant="secondary" disabled={!sport || busyFile !== null} onClick={() => void download('pdf')}>
            {busyFile === 'pdf' ? 'Preparing…' : 'Print list'}
          </Button>
          <Button variant="secondary" disabled={!sport || busyFile !== null} onClick={() => void download('csv')}>
            {busyFile === 'csv' ? 'Preparing…' : 'Export CSV'}
          </Button>
        </div>
      </div>
      {sports.data.length === 0 ? (
        <p className="sports-notice">No sports yet. Import them with `npm run cli -- import-sports`.</p>
      ) : registrations.isPending ? (
        <Spinner label="Loading registrations" />
      ) : registrations.isError ? (
        <p className="sports-error" role="alert">
          Failed to load registrations: {messageOf(registrations.error)}
        </p>
      ) : (
        <Table
          caption={`Registrations for ${sport?.name ?? ''}`}
          rows={registrations.data}
          rowKey={(r) => r.registration_id}
          minWidth={640}
          empty="No students have registered for this sport yet."
          columns={[
            { key: 'student', header: 'Student ID', rowHeader: true, render: (r) => r.student_id },
            { key: 'email', header: 'Email', render: (r) => r.student_email ?? '-' },
            { key: 'date', header: 'Registration date', render: (r) => dateFormat.format(new Date(r.registration_date)) },
            {
              key: 'status',
              header: 'Status',
              render: (r) => (
                <SelectField
                  label={`Status of ${r.student_id}`}
                  hideLabel
                  value={r.status}
                  disabled={update.isPending}
                  onChange={(e) => setPending({ row: r, status: RegistrationStatus.parse(e.target.value) })}
                  options={RegistrationStatus.options.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
                />
              ),
            },
          ]}
        />
      )}
      <ConfirmModal
        open={pending !== null}
        title="Change status"
        text={`Are you sure you want to change this player's status to "${pending ? STATUS_LABELS[pending.status] : ''}"?`}
        confirmLabel="Change status"
        busy={update.isPending}
        onConfirm={confirmChange}
        onCancel={() => setPending(null)}
      />
      <ErrorModal message={error} onClose={() => setError(null)} />
    </section>
  );
}
