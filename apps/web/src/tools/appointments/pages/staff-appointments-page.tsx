import { useState } from 'react';
import { Link } from 'react-router';
import type { StaffAppointment } from '@guildhall/contracts/appointments';
import { CANCEL_REASON_MAX_LENGTH } from '@guildhall/contracts/appointments';
import type { CoreErrorCode } from '@guildhall/contracts/core';
import { ApiError } from '@/lib/api-client';
import { Button, Modal, Page, Spinner, StatusCard, Table, Tag, TextField, type TableColumn } from '@/ui';
import { useCancelAppointment } from '../api/cancel-appointment';
import { useIssueCalendarFeed } from '../api/issue-calendar-feed';
import { useWorkerConfig } from '../api/get-worker-config';
import { useDayAppointments } from '../api/list-day-appointments';
import './staff-appointments-page.css';

const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

function timeIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));
}

/** Staff view at /bureau/appointments (bureau-staff): a day's bookings, cancel with a reason, a calendar feed. */
export function StaffAppointmentsPage() {
  // "Today" is today where the bureau books (APPOINTMENT_TIME_ZONE), not where the browser is.
  const config = useWorkerConfig();
  const configuredZone = config.data?.booking.timeZone ?? (config.isError ? 'UTC' : null);
  const [picked, setDate] = useState<string | null>(null);
  const date = picked ?? (configuredZone ? todayIn(configuredZone) : null);
  const day = useDayAppointments(date);
  const cancel = useCancelAppointment();
  const feed = useIssueCalendarFeed();
  const [cancelling, setCancelling] = useState<StaffAppointment | null>(null);
  const [reason, setReason] = useState('');
  const timeZone = day.data?.timeZone ?? configuredZone ?? 'UTC';

  const refusal = day.error instanceof ApiError ? day.error.code : null;
  if (day.error && (refusal === ('unauthenticated' satisfies CoreErrorCode) || refusal === ('forbidden' satisfies CoreErrorCode))) {
    const returnTo = encodeURIComponent('/bureau/appointments');
    return (
      <Page title="Appointments" width="narrow">
        <StatusCard tone="warning" title={refusal === 'unauthenticated' ? 'Please sign in' : 'Bureau staff only'}>
          <p>{day.error.message}</p>
          {refusal === 'unauthenticated' && (
            <p>
              <a href={`/auth/discord/login?returnTo=${returnTo}`}>Sign in with Discord</a>
            </p>
          )}
        </StatusCard>
      </Page>
    );
  }

  const columns: TableColumn<StaffAppointment>[] = [
    { key: 'time', header: 'Time', rowHeader: true, render: (a) => `${timeIn(a.datetime, timeZone)}–${timeIn(a.endsAt, timeZone)}` },
    { key: 'who', header: 'LINE user', render: (a) => a.displayName ?? a.userId },
    { key: 'topic', header: 'Topic', render: (a) => a.topic ?? '—' },
    {
      key: 'status',
      header: 'Status',
      render: (a) =>
        a.status === 'booked' ? (
          <Tag tone="success">Booked</Tag>
        ) : (
          <span>
            <Tag tone="neutral">Cancelled</Tag> {a.cancelReason}
          </span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (a) =>
        a.status === 'booked' ? (
          <Button
            size="sm"
            variant="danger"
            onClick={() => {
              cancel.reset();
              setReason('');
              setCancelling(a);
            }}
          >
            Cancel
          </Button>
        ) : null,
    },
  ];

  return (
    <Page title="Appointments" lead={`Bookings made in the LINE mini-app, by day (${timeZone} time).`}>
      <div className="staff-appointments__toolbar">
        <TextField label="Day" type="date" value={date ?? ''} required onChange={(e) => e.target.value && setDate(e.target.value)} />
        <Button variant="secondary" onClick={() => feed.mutate()} disabled={feed.isPending}>
          Get calendar feed link
        </Button>
        <a className="staff-appointments__download" href="/bureau/worker/staff/calendar.ics">
          Download .ics
        </a>
      </div>
      <div aria-live="polite">
        {feed.data && (
          <StatusCard tone="neutral" title="Your private calendar feed">
            <p>Add this address to your calendar app. Keep it secret; getting a new link stops the old one.</p>
            <code className="staff-appointments__feed">{feed.data.url}</code>
          </StatusCard>
        )}
      </div>
      {feed.error && (
        <StatusCard tone="danger" title="The feed link could not be made">
          {feed.error.message}
        </StatusCard>
      )}
      {day.isPending ? (
        <Spinner label="Loading appointments" showLabel />
      ) : day.error ? (
        <StatusCard tone="danger" title="Appointments could not be loaded">
          {day.error.message}
        </StatusCard>
      ) : (
        <Table
          caption={`Appointments on ${date}`}
          columns={columns}
          rows={day.data.appointments}
          rowKey={(a) => a.id}
          empty="No appointments on this day."
        />
      )}
      <p>
        <Link to="/bureau/appointment">Open the booking mini-app</Link>
      </p>
      <Modal
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel appointment"
        description={
          cancelling ? `${timeIn(cancelling.datetime, timeZone)} on ${date}, ${cancelling.displayName ?? cancelling.userId}` : undefined
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setCancelling(null)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              disabled={cancel.isPending || reason.trim() === ''}
              onClick={() =>
                cancelling && cancel.mutate({ id: cancelling.id, reason: reason.trim() }, { onSuccess: () => setCancelling(null) })
              }
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel appointment'}
            </Button>
          </>
        }
      >
        <TextField
          label="Reason"
          hint="The LINE user is told this reason."
          value={reason}
          maxLength={CANCEL_REASON_MAX_LENGTH}
          required
          onChange={(e) => setReason(e.target.value)}
          error={cancel.error?.message}
        />
      </Modal>
    </Page>
  );
}
