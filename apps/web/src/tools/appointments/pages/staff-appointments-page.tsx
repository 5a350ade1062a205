import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { StaffAppointment } from '@guildhall/contracts/appointments';
import { CANCEL_REASON_MAX_LENGTH, STAFF_RANGE_MAX_DAYS } from '@guildhall/contracts/appointments';
import { showStoredText } from '@guildhall/contracts/stored-text';
import type { CoreErrorCode } from '@guildhall/contracts/core';
import { StoredText } from '@/ui/stored-text';
import { ApiError } from '@/lib/api-client';
import { Button, DetailList, Modal, Page, Spinner, StatusCard, Table, Tag, TextField, type TableColumn } from '@/ui';
import { useCancelAppointment } from '../api/cancel-appointment';
import { useIssueCalendarFeed } from '../api/issue-calendar-feed';
import { useWorkerConfig } from '../api/get-worker-config';
import { useRangeAppointments } from '../api/list-range-appointments';
import { useMarkAttendance } from '../api/mark-attendance';
import { useStaffEvents } from '../api/staff-events';
import { StaffGate } from '../components/staff-gate';
import { dayHeading } from '../lib/day-heading';
import { useNowPast } from '../lib/use-now-past';
import { useSingleFlight } from '@/lib/use-single-flight';
import './staff-appointments-page.css';

const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

function timeIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));
}

/** YYYY-MM-DD plus `days` (calendar arithmetic, no time zone involved). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
/** The Monday of the week holding `date`. */
function weekStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return addDays(date, -((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7));
}
/** The calendar day (YYYY-MM-DD) of an instant in the booking time zone. */
const dateIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

type View = 'day' | 'week';

/**
 * A booking's person as staff see it. The name (and the topic, below) is the LINE user's own text:
 * shown as the owner console shows stored text (decision 0067), its direction controls, control
 * characters and marks stacked past four written out and the whole isolated. Raw, a U+202E in a name
 * turned the week view's "(cancelled)" after it around, and a letter under 40 accents drew over the
 * rows above and below it (staff-side audit of issue 15).
 */
const who = (a: StaffAppointment) => showStoredText(a.displayName ?? a.userId);
const Who = ({ a }: { a: StaffAppointment }) => <StoredText text={a.displayName ?? a.userId} />;
const Topic = ({ a }: { a: StaffAppointment }) => (a.topic === null ? '—' : <StoredText text={a.topic} />);
/** A table cell's text that wraps inside its column (staff-appointments-page.css). */
const Cell = ({ children }: { children: ReactNode }) => <span className="staff-appointments__text">{children}</span>;

function StatusTags({ a }: { a: StaffAppointment }) {
  if (a.status === 'cancelled')
    return (
      <span>
        <Tag tone="neutral">Cancelled</Tag> {a.cancelReason !== null && <StoredText text={a.cancelReason} />}
      </span>
    );
  return (
    <span>
      <Tag tone="success">Booked</Tag> {a.attendance === 'attended' && <Tag tone="success">Attended</Tag>}
      {a.attendance === 'no_show' && <Tag tone="warning">No-show</Tag>}
    </span>
  );
}

/**
 * Staff calendar at /bureau/appointments (bureau-staff, issue 15 item 5): day and week views with
 * previous/next/today, booking details, cancel with a reason, attended / no-show, CSV export of a
 * range, live updates by server-sent events, and the private calendar feed.
 */
export function StaffAppointmentsPage() {
  return (
    <StaffGate title="Appointments" returnTo="/bureau/appointments">
      <StaffCalendar />
    </StaffGate>
  );
}

function StaffCalendar() {
  // "Today" is today where the bureau books (APPOINTMENT_TIME_ZONE), not where the browser is.
  const config = useWorkerConfig();
  const configuredZone = config.data?.booking.timeZone ?? (config.isError ? 'UTC' : null);
  // The day shown is in the address (?date=YYYY-MM-DD), so a reload or a shared link opens it; the
  // booking rules page links a day it closed (decision 0055). Replaced, not pushed: Previous and Next
  // do not fill the history.
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const picked = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : null;
  // null: today, whichever day that is when the page is next read.
  const setDate = (day: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (day === null) next.delete('date');
        else next.set('date', day);
        return next;
      },
      { replace: true },
    );
  const [view, setView] = useState<View>('day');
  const today = configuredZone ? todayIn(configuredZone) : null;
  const date = picked ?? today;
  const range = date ? (view === 'day' ? { from: date, to: date } : { from: weekStart(date), to: addDays(weekStart(date), 6) }) : null;
  const bookings = useRangeAppointments(range);
  const cancel = useCancelAppointment();
  const attendance = useMarkAttendance();
  const feed = useIssueCalendarFeed();
  // The dialogs hold the booking as opened; what they show is the booking as the calendar has it now
  // (below), so a live change (a reschedule) reaches an open dialog (decision 0053).
  const [cancellingOpened, setCancelling] = useState<StaffAppointment | null>(null);
  const [detailsOpened, setDetails] = useState<StaffAppointment | null>(null);
  const [reason, setReason] = useState('');
  const [exportFrom, setExportFrom] = useState<string | null>(null);
  const [exportTo, setExportTo] = useState<string | null>(null);
  const timeZone = bookings.data?.timeZone ?? configuredZone ?? 'UTC';
  const refusal = bookings.error instanceof ApiError ? bookings.error.code : null;
  const allowed = !(refusal === 'unauthenticated' || refusal === 'forbidden');
  const live = useStaffEvents(allowed && bookings.isSuccess);
  const now = useNowPast((bookings.data?.appointments ?? []).map((a) => Date.parse(a.datetime)));
  // One cancel per click: a double click sent two, and the second's 409 stayed in the dialog.
  const cancelOnce = useSingleFlight(cancel);
  // Staff-side audit: two actions take away the control that has focus, and focus fell to the page
  // body, so a keyboard or screen-reader user started again from the top. A cancel closes its dialog
  // and the row's Cancel button goes with the booking's new status: focus goes to that booking's
  // Details. A day opened from the week view takes the week's buttons away: focus goes to the day.
  const refocus = useRef<{ booking: number } | 'day' | null>(null);
  const dayTable = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = refocus.current;
    if (target === null || cancellingOpened !== null) return;
    refocus.current = null;
    const element =
      target === 'day'
        ? dayTable.current?.querySelector<HTMLElement>('[role="region"]')
        : document.querySelector<HTMLElement>(`[data-booking-details="${target.booking}"]`);
    element?.focus();
  }, [cancellingOpened, view]);

  if (bookings.error && (refusal === ('unauthenticated' satisfies CoreErrorCode) || refusal === ('forbidden' satisfies CoreErrorCode))) {
    const returnTo = encodeURIComponent('/bureau/appointments');
    return (
      <Page title="Appointments" width="narrow">
        <StatusCard tone="warning" title={refusal === 'unauthenticated' ? 'Please sign in' : 'Bureau staff only'}>
          <p>{bookings.error.message}</p>
          {refusal === 'unauthenticated' && (
            <p>
              <a href={`/auth/discord/login?returnTo=${returnTo}`}>Sign in with Discord</a>
            </p>
          )}
        </StatusCard>
      </Page>
    );
  }

  const openCancel = (a: StaffAppointment) => {
    cancel.reset();
    setReason('');
    setDetails(null);
    setCancelling(a);
  };
  const actions = (a: StaffAppointment) => (
    <span className="staff-appointments__actions">
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setDetails(a)}
        aria-label={`Details of ${timeIn(a.datetime, timeZone)}, ${who(a)}`}
        data-booking-details={a.id}
      >
        Details
      </Button>
      {a.status === 'booked' && Date.parse(a.datetime) > now && (
        <Button size="sm" variant="danger" onClick={() => openCancel(a)}>
          Cancel
        </Button>
      )}
      {a.status === 'booked' && Date.parse(a.datetime) <= now && (
        <>
          <Button
            size="sm"
            variant="secondary"
            disabled={attendance.isPending}
            onClick={() => attendance.mutate({ id: a.id, attendance: 'attended' })}
          >
            Attended
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={attendance.isPending}
            onClick={() => attendance.mutate({ id: a.id, attendance: 'no_show' })}
          >
            No-show
          </Button>
        </>
      )}
    </span>
  );

  const columns: TableColumn<StaffAppointment>[] = [
    { key: 'time', header: 'Time', rowHeader: true, render: (a) => `${timeIn(a.datetime, timeZone)}–${timeIn(a.endsAt, timeZone)}` },
    {
      key: 'who',
      header: 'LINE user',
      render: (a) => (
        <Cell>
          <Who a={a} />
        </Cell>
      ),
    },
    {
      key: 'topic',
      header: 'Topic',
      render: (a) => (
        <Cell>
          <Topic a={a} />
        </Cell>
      ),
    },
    { key: 'status', header: 'Status', render: (a) => <StatusTags a={a} /> },
    { key: 'actions', header: 'Actions', align: 'end', render: actions },
  ];
  const step = view === 'day' ? 1 : 7;
  // The span of the answer shown (the one before stays shown while the next loads).
  const shownSpan = bookings.data && bookings.data.from === bookings.data.to ? 'day' : 'week';
  const rows = bookings.data?.appointments ?? [];
  const current = (a: StaffAppointment | null) => (a ? (rows.find((r) => r.id === a.id) ?? a) : null);
  const cancelling = current(cancellingOpened);
  const details = current(detailsOpened);
  const weekDays = range ? Array.from({ length: 7 }, (_, i) => addDays(range.from, i)) : [];
  const from = exportFrom ?? range?.from ?? '';
  const to = exportTo ?? range?.to ?? '';
  // The server's rules for a range (StaffRangeQuery), said here: a refused download failed silently.
  const exportProblem =
    !from || !to
      ? 'Choose both dates.'
      : from > to
        ? 'To must not be before From.'
        : (Date.parse(to) - Date.parse(from)) / 86_400_000 >= STAFF_RANGE_MAX_DAYS
          ? `Export at most ${STAFF_RANGE_MAX_DAYS} days at a time.`
          : null;

  return (
    <Page title="Appointments" lead={`Bookings made in the LINE mini-app (${timeZone} time).`}>
      <div className="staff-appointments__toolbar">
        <div className="staff-appointments__views" role="group" aria-label="View">
          <Button variant={view === 'day' ? 'primary' : 'secondary'} aria-pressed={view === 'day'} onClick={() => setView('day')}>
            Day
          </Button>
          <Button variant={view === 'week' ? 'primary' : 'secondary'} aria-pressed={view === 'week'} onClick={() => setView('week')}>
            Week
          </Button>
        </div>
        <div className="staff-appointments__views" role="group" aria-label="Move">
          <Button variant="secondary" disabled={!date} onClick={() => date && setDate(addDays(date, -step))}>
            ‹ Previous
          </Button>
          <Button variant="secondary" disabled={!today} onClick={() => setDate(null)}>
            Today
          </Button>
          <Button variant="secondary" disabled={!date} onClick={() => date && setDate(addDays(date, step))}>
            Next ›
          </Button>
        </div>
        <TextField label="Day" type="date" value={date ?? ''} required onChange={(e) => e.target.value && setDate(e.target.value)} />
        <span className="staff-appointments__live" aria-live="polite">
          {live ? <Tag tone="success">Live</Tag> : <Tag tone="neutral">Not live</Tag>}
        </span>
      </div>

      {bookings.data?.truncated && (
        // Decision 0073: a capped answer said nothing, and the days after the cap looked empty.
        <StatusCard tone="warning" title="Not every booking is shown">
          <p>
            This {shownSpan} has more bookings than the calendar shows at once: only the first {rows.length.toLocaleString('en-GB')} by time
            are listed, so later times may look emptier than they are. Export the {shownSpan} as CSV (below) for all of them.
          </p>
        </StatusCard>
      )}
      {bookings.isPending ? (
        <Spinner label="Loading appointments" showLabel />
      ) : bookings.error ? (
        <StatusCard tone="danger" title="Appointments could not be loaded">
          {bookings.error.message}
        </StatusCard>
      ) : view === 'day' ? (
        <div ref={dayTable}>
          <Table
            caption={`Appointments on ${date}`}
            columns={columns}
            rows={rows}
            rowKey={(a) => a.id}
            empty="No appointments on this day."
          />
        </div>
      ) : (
        <div className="staff-week" aria-label={`Week of ${range?.from}`} role="region">
          {weekDays.map((d) => {
            const ofDay = rows.filter((a) => dateIn(a.datetime, timeZone) === d);
            return (
              <section key={d} className="staff-week__day" aria-label={dayHeading(d)} data-today={d === today ? 'true' : undefined}>
                <h2 className="staff-week__heading">
                  <button
                    type="button"
                    className="staff-week__day-link"
                    onClick={() => {
                      refocus.current = 'day';
                      setDate(d);
                      setView('day');
                    }}
                  >
                    {dayHeading(d)}
                  </button>
                </h2>
                {ofDay.length === 0 ? (
                  <p className="staff-week__empty">—</p>
                ) : (
                  <ul className="staff-week__list">
                    {ofDay.map((a) => (
                      <li key={a.id}>
                        <button
                          type="button"
                          className={`staff-week__booking staff-week__booking--${a.status}`}
                          onClick={() => setDetails(a)}
                          data-booking-details={a.id}
                        >
                          <span className="staff-week__time">{timeIn(a.datetime, timeZone)}</span> <Who a={a} />
                          {a.status === 'cancelled' && ' (cancelled)'}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}

      <section className="staff-appointments__export" aria-labelledby="export-heading">
        <h2 id="export-heading">Export</h2>
        <div className="staff-appointments__toolbar">
          <TextField label="From" type="date" value={from} onChange={(e) => setExportFrom(e.target.value)} />
          <TextField label="To" type="date" value={to} onChange={(e) => setExportTo(e.target.value)} />
          {exportProblem ? (
            <Button variant="secondary" disabled>
              Export CSV
            </Button>
          ) : (
            <a className="staff-appointments__download" href={`/bureau/worker/staff/appointments.csv?from=${from}&to=${to}`} download>
              Export CSV
            </a>
          )}
        </div>
        {exportProblem && <p role="status">{exportProblem}</p>}
      </section>

      <div className="staff-appointments__toolbar">
        <Button variant="secondary" onClick={() => feed.mutate()} disabled={feed.isPending}>
          Get calendar feed link
        </Button>
        <a className="staff-appointments__download" href="/bureau/worker/staff/calendar.ics">
          Download .ics
        </a>
        <Link className="staff-appointments__download" to="/bureau/appointments/settings">
          Booking rules
        </Link>
        <Link className="staff-appointments__download" to="/bureau/appointment">
          Open the booking mini-app
        </Link>
      </div>
      <div aria-live="polite">
        {feed.data && (
          <StatusCard tone="neutral" title="Your private calendar feed">
            <p>Add this address to your calendar app. Keep it secret; getting a new link stops the old one.</p>
            <code className="staff-appointments__feed">{feed.data.url}</code>
          </StatusCard>
        )}
        {attendance.error && (
          <StatusCard tone="danger" title="Attendance not saved">
            {attendance.error.message}
          </StatusCard>
        )}
      </div>
      {feed.error && (
        <StatusCard tone="danger" title="The feed link could not be made">
          {feed.error.message}
        </StatusCard>
      )}

      <Modal
        open={details !== null}
        onOpenChange={(open) => !open && setDetails(null)}
        title="Appointment details"
        description={details ? `${dayHeading(dateIn(details.datetime, timeZone))}, ${timeIn(details.datetime, timeZone)}` : undefined}
        footer={details ? actions(details) : undefined}
      >
        {details && (
          <DetailList
            items={[
              { label: 'When', value: `${timeIn(details.datetime, timeZone)}–${timeIn(details.endsAt, timeZone)} (${timeZone})` },
              { label: 'LINE user', value: details.displayName === null ? '—' : <StoredText text={details.displayName} /> },
              { label: 'LINE user id', value: details.userId },
              { label: 'Topic', value: <Topic a={details} /> },
              { label: 'Status', value: <StatusTags a={details} /> },
              { label: 'Booked at', value: new Date(details.createdAt).toLocaleString('en-GB', { timeZone }) },
            ]}
          />
        )}
      </Modal>

      <Modal
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel appointment"
        description={
          cancelling
            ? `${timeIn(cancelling.datetime, timeZone)} on ${dateIn(cancelling.datetime, timeZone)}, ${who(cancelling)}`
            : undefined
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
                cancelling &&
                // The start shown in this dialog: a booking moved since is refused, not cancelled at
                // a time the staff member never saw (decision 0053).
                cancelOnce(
                  { id: cancelling.id, reason: reason.trim(), expectedStart: cancelling.datetime },
                  {
                    onSuccess: () => {
                      refocus.current = { booking: cancelling.id };
                      setCancelling(null);
                    },
                  },
                )
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
