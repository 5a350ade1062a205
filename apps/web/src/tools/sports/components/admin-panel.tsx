import { useEffect, useMemo, useState } from 'react';
import { type AdminRegistrationRow, RegistrationStatus } from '@guildhall/contracts/sports';
import { Button } from '@/ui/button';
import { SelectField } from '@/ui/field';
import { Spinner } from '@/ui/spinner';
import { downloadRegistrations } from '../api/download-registrations';
import { useRegistrationStatus } from '../api/get-registration-status';
import { useSportsConfig } from '../api/get-sports-config';
import { useSportRegistrations } from '../api/get-sport-registrations';
import { useSports } from '../api/get-sports';
import { useSetRegistrationOpen } from '../api/set-registration-open';
import { ApiError } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';
import { useUpdateRegistrationStatus } from '../api/update-registration-status';
import { useUpdateRegistrationStatuses } from '../api/update-registration-statuses';
import { useRegistrationCounts } from '../api/get-registration-counts';
import { RegistrationsPager } from './registrations-pager';
import { RegistrationsTable } from './registrations-table';
import { SportsManager } from './sport-editor';
import type { SportsSession } from '../lib/session';
import { ConfirmModal, ErrorModal } from './sports-modals';
import { Trans } from 'react-i18next';
import { schoolI18n } from '@/lib/i18n/school-i18n';
import { schoolDateFormat } from '@/lib/i18n/school-format';
import { useSportsRefusal, useSportsT } from '../messages';

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
  const { t, language } = useSportsT();
  const messageOf = useSportsRefusal();
  const dateFormat = schoolDateFormat(language, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const [sportId, setSportId] = useState<number | null>(null);
  // Issue 16 item 3: filter by status, choose rows for a bulk change, confirm going over capacity.
  const [filter, setFilter] = useState<RegistrationStatus | 'all'>('all');
  // Decision 0070: a page at a time, filtered on the server; "Load more" adds the next page below.
  const registrations = useSportRegistrations(sportId, filter === 'all' ? undefined : filter);
  const rows = useMemo(() => registrations.data?.pages.flatMap((p) => p.rows), [registrations.data]);
  const [focusRow, setFocusRow] = useState<{ registrationId: number } | null>(null);
  const counts = useRegistrationCounts(sportId);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<RegistrationStatus>('selected');
  const [bulkConfirm, setBulkConfirm] = useState(false);
  const [overCapacity, setOverCapacity] = useState<{ sentence: string; retry(): void } | null>(null);
  const [movedUp, setMovedUp] = useState<string | null>(null);
  const bulk = useUpdateRegistrationStatuses();
  const update = useUpdateRegistrationStatus();
  const setOpen = useSetRegistrationOpen();
  const [pending, setPending] = useState<{ row: AdminRegistrationRow; status: RegistrationStatus } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyFile, setBusyFile] = useState<'csv' | 'pdf' | null>(null);

  const loadError = sports.error
    ? t('errors.loadSports', { msg: messageOf(sports.error) })
    : settings.error
      ? messageOf(settings.error)
      : null;
  useEffect(() => {
    if (loadError) onLoadFailure(loadError);
  }, [loadError, onLoadFailure]);
  useEffect(() => {
    if (sportId === null && sports.data?.[0]) setSportId(sports.data[0].sport_id);
  }, [sportId, sports.data]);
  // Only rows on screen stay chosen: a row that left the list (its status changed under the filter,
  // the student withdrew) was still counted and sent, changing a row nobody could see, or failing
  // every bulk change with "no longer exists".
  useEffect(() => {
    const shown = new Set(rows?.map((r) => r.registration_id));
    setChosen((before) => ([...before].every((id) => shown.has(id)) ? before : new Set([...before].filter((id) => shown.has(id)))));
  }, [rows]);

  if (sports.isPending || settings.isPending) return <Spinner label={t('admin.loading')} />;
  if (loadError || !sports.data || !settings.data) return null;
  const sport = sports.data.find((s) => s.sport_id === sportId) ?? null;
  const open = settings.data.isRegistrationOpen;

  const failed = (e: unknown, retry: () => void) => {
    // Issue 16 item 3: the server refuses a Main Player past the spots; the lead may confirm it.
    if (e instanceof ApiError && e.code === 'sports.team_full') setOverCapacity({ sentence: messageOf(e), retry });
    else setError(t('admin.updateStatus', { msg: messageOf(e) }));
  };
  const tellMovedUp = (rows: ReadonlyArray<{ student_id: string }>) =>
    setMovedUp(rows.length > 0 ? t('admin.movedUp', { ids: rows.map((r) => r.student_id).join(', ') }) : null);
  const changeOne = (row: AdminRegistrationRow, status: RegistrationStatus, confirmOverCapacity?: boolean) =>
    update.mutate(
      // The student on the row the admin saw: a stale table then cannot change another student (issue 10 item 10).
      { registration_id: row.registration_id, status, student_id: row.student_id, confirm_over_capacity: confirmOverCapacity },
      {
        onSettled: () => setPending(null),
        onSuccess: (answer) => tellMovedUp(answer.moved_up),
        onError: (e) => failed(e, () => changeOne(row, status, true)),
      },
    );
  const confirmChange = () => {
    if (pending) changeOne(pending.row, pending.status);
  };
  const changeChosen = (confirmOverCapacity?: boolean) => {
    if (!sport || chosen.size === 0) return;
    bulk.mutate(
      { sport_id: sport.sport_id, registration_ids: [...chosen], status: bulkStatus, confirm_over_capacity: confirmOverCapacity },
      {
        onSettled: () => setBulkConfirm(false),
        onSuccess: (answer) => {
          setChosen(new Set());
          tellMovedUp(answer.moved_up);
        },
        onError: (e) => failed(e, () => changeChosen(true)),
      },
    );
  };
  const choose = (ids: readonly number[], on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  // The keyboard goes on from the first row the next page added (the button may go with the last page).
  const loadMore = async () => {
    const from = rows?.length ?? 0;
    const next = await registrations.fetchNextPage();
    const first = next.data?.pages.flatMap((p) => p.rows)[from];
    if (!next.isError && first) setFocusRow({ registrationId: first.registration_id });
  };
  const download = async (kind: 'csv' | 'pdf') => {
    if (!sport) return;
    setBusyFile(kind);
    try {
      const blob = await downloadRegistrations(sport.sport_id, kind, filter === 'all' ? undefined : filter);
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
        {t('admin.title')}
      </h2>
      <div className="sports-admin__registration" role="status">
        <span>
          <Trans
            t={t}
            i18n={schoolI18n}
            i18nKey="admin.registrationIs"
            values={{ state: t(open ? 'admin.open' : 'admin.closed') }}
            components={{ strong: <strong /> }}
          />
        </span>
        <Button
          size="sm"
          variant={open ? 'danger' : 'primary'}
          disabled={setOpen.isPending}
          onClick={() => setOpen.mutate(!open, { onError: (e) => setError(messageOf(e)) })}
        >
          {t(open ? 'admin.closeRegistration' : 'admin.openRegistration')}
        </Button>
      </div>
      <div className="sports-admin__toolbar">
        <SelectField
          label={t('admin.sport')}
          value={sportId === null ? '' : String(sportId)}
          onChange={(e) => {
            setSportId(Number(e.target.value));
            setChosen(new Set());
            setMovedUp(null);
          }}
          options={sports.data.map((s) => ({
            value: String(s.sport_id),
            label: s.archived ? t('admin.archived', { name: s.name }) : s.name,
          }))}
        />
        <div className="sports-admin__actions">
          <Button variant="secondary" disabled={!sport || busyFile !== null} onClick={() => void download('pdf')}>
            {t(busyFile === 'pdf' ? 'admin.preparing' : 'admin.print')}
          </Button>
          <Button variant="secondary" disabled={!sport || busyFile !== null} onClick={() => void download('csv')}>
            {t(busyFile === 'csv' ? 'admin.preparing' : 'admin.exportCsv')}
          </Button>
        </div>
      </div>
      {sports.data.length === 0 ? (
        <p className="sports-notice">{t('admin.noSports')}</p>
      ) : registrations.isPending ? (
        <Spinner label={t('admin.loadingRegistrations')} />
      ) : !rows || (registrations.isError && !registrations.isFetchNextPageError) ? (
        <p className="sports-error" role="alert">
          {t('admin.loadRegistrations', { msg: messageOf(registrations.error) })}
        </p>
      ) : (
        <>
          {counts.data && (
            <dl className="sports-counts" aria-label={t('admin.counts')}>
              <div>
                <dt>{t('statuses.selected')}</dt>
                <dd>{t('admin.ofSpots', { count: counts.data.counts.selected, total: counts.data.total_spots })}</dd>
              </div>
              {(['pending_selection', 'reserve', 'not_selected'] as const).map((s) => (
                <div key={s}>
                  <dt>{t(`statuses.${s}`)}</dt>
                  <dd>{counts.data.counts[s]}</dd>
                </div>
              ))}
            </dl>
          )}
          {movedUp && (
            <p className="sports-moved-up" role="status">
              {movedUp}
            </p>
          )}
          <div className="sports-admin__toolbar">
            <SelectField
              label={t('admin.show')}
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value === 'all' ? 'all' : RegistrationStatus.parse(e.target.value));
                setChosen(new Set());
              }}
              options={[
                { value: 'all', label: t('admin.everyStatus') },
                ...RegistrationStatus.options.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
              ]}
            />
            <div className="sports-admin__bulk">
              <SelectField
                label={t('admin.setChosen')}
                value={bulkStatus}
                onChange={(e) => setBulkStatus(RegistrationStatus.parse(e.target.value))}
                options={RegistrationStatus.options.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              />
              <Button variant="secondary" disabled={chosen.size === 0 || bulk.isPending} onClick={() => setBulkConfirm(true)}>
                {t('admin.changeChosen', { count: chosen.size })}
              </Button>
            </div>
          </div>
          <RegistrationsTable
            caption={t('admin.caption', { sport: sport?.name ?? '' })}
            rows={rows}
            formatDate={(iso) => dateFormat.format(new Date(iso))}
            chosen={chosen}
            onChoose={choose}
            busy={update.isPending}
            onStatus={(row, status) => setPending({ row, status })}
            focusRow={focusRow}
          />
          {rows.length > 0 && (
            <RegistrationsPager
              shown={rows.length}
              total={registrations.data.pages.at(-1)?.total ?? rows.length}
              hasMore={registrations.hasNextPage}
              loading={registrations.isFetchingNextPage}
              error={registrations.isFetchNextPageError ? t('admin.loadRegistrations', { msg: messageOf(registrations.error) }) : null}
              onMore={() => void loadMore()}
            />
          )}
        </>
      )}
      <SportsManager sports={sports.data} />
      <ConfirmModal
        open={pending !== null}
        title={t('admin.changeStatus')}
        text={t('admin.confirmStatus', { status: pending ? t(`statuses.${pending.status}`) : '' })}
        confirmLabel={t('admin.changeStatus')}
        busy={update.isPending}
        onConfirm={confirmChange}
        onCancel={() => setPending(null)}
      />
      <ConfirmModal
        open={bulkConfirm}
        title={t('admin.changeStatus')}
        text={t('admin.confirmBulk', { count: chosen.size, status: t(`statuses.${bulkStatus}`) })}
        confirmLabel={t('admin.changeStatus')}
        busy={bulk.isPending}
        onConfirm={() => changeChosen()}
        onCancel={() => setBulkConfirm(false)}
      />
      <ConfirmModal
        open={overCapacity !== null}
        title={t('admin.overCapacity')}
        text={overCapacity?.sentence ?? ''}
        confirmLabel={t('admin.selectAnyway')}
        danger
        busy={update.isPending || bulk.isPending}
        onConfirm={() => {
          overCapacity?.retry();
          setOverCapacity(null);
        }}
        onCancel={() => setOverCapacity(null)}
      />
      <ErrorModal message={error} onClose={() => setError(null)} />
    </section>
  );
}
