import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Appointment, MyAppointmentsAnswer } from '@guildhall/contracts/appointments';
import { Button, Tag } from '@/ui';
import './my-appointments.css';

/** "Mon 13 Jan 2031, 10:00 GMT+7": in the person's own time zone (the browser's), zone named. */
export function whenLabel(iso: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

interface BookingCardProps {
  appointment: Appointment;
  /** Actions only for a booked one that has not started. */
  actionable: boolean;
  highlighted?: boolean;
  busy?: boolean;
  onCancel(appointment: Appointment): void;
}

/** One booking: when, topic, status, and Reschedule (001's ?reschedule_id=) / Cancel. */
export function BookingCard({ appointment: a, actionable, highlighted, busy, onCancel }: BookingCardProps) {
  const [confirming, setConfirming] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const card = ref.current;
    if (!highlighted || !card) return;
    const centre = () => card.scrollIntoView?.({ block: 'center' });
    centre();
    // Opened from a LINE message's link (issue 15 items 2 and 4): the free times above this card load
    // on their own and can push it off a phone's screen, so keep it centred while the page settles,
    // until the person scrolls or types themselves.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(centre);
    observer.observe(document.body);
    const stop = () => observer.disconnect();
    const timer = setTimeout(stop, 5_000);
    const events = ['wheel', 'touchstart', 'keydown'] as const;
    for (const name of events) window.addEventListener(name, stop, { once: true, passive: true });
    return () => {
      stop();
      clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, stop);
    };
  }, [highlighted]);
  return (
    <article
      ref={ref}
      className="booking-card"
      aria-current={highlighted ? 'true' : undefined}
      aria-label={`Appointment ${whenLabel(a.datetime)}`}
    >
      <p className="booking-card__when">{whenLabel(a.datetime)}</p>
      <p className="booking-card__topic">{a.topic ?? 'No topic'}</p>
      {a.status === 'cancelled' ? (
        <p>
          <Tag tone="neutral">Cancelled</Tag> {a.cancelReason}
        </p>
      ) : null}
      {actionable && a.status === 'booked' && !confirming && (
        <div className="booking-card__actions">
          <Link className="ui-button ui-button--secondary ui-button--sm" to={`/bureau/appointment?reschedule_id=${a.id}`}>
            Reschedule
          </Link>
          <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
            Cancel
          </Button>
        </div>
      )}
      {confirming && (
        <div className="booking-card__actions" role="group" aria-label="Cancel this appointment?">
          <span>Cancel this appointment?</span>
          <Button size="sm" variant="danger" disabled={busy} onClick={() => onCancel(a)}>
            {busy ? 'Cancelling...' : 'Yes, cancel'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      )}
    </article>
  );
}

interface MyAppointmentsProps {
  data: MyAppointmentsAnswer;
  highlightId: number | null;
  busyId: number | null;
  onCancel(appointment: Appointment): void;
}

/** Issue 15 item 2: the LINE user's upcoming and past bookings. */
export function MyAppointments({ data, highlightId, busyId, onCancel }: MyAppointmentsProps) {
  if (data.upcoming.length === 0 && data.past.length === 0) return null;
  return (
    <section className="my-appointments" aria-labelledby="my-appointments-heading">
      <h2 id="my-appointments-heading">My appointments</h2>
      <h3>Upcoming</h3>
      {data.upcoming.length === 0 ? (
        <p className="my-appointments__empty">No upcoming appointments.</p>
      ) : (
        data.upcoming.map((a) => (
          <BookingCard
            key={a.id}
            appointment={a}
            actionable
            highlighted={a.id === highlightId}
            busy={busyId === a.id}
            onCancel={onCancel}
          />
        ))
      )}
      {data.past.length > 0 && (
        <>
          <h3>Past</h3>
          {data.past.map((a) => (
            <BookingCard key={a.id} appointment={a} actionable={false} highlighted={a.id === highlightId} onCancel={onCancel} />
          ))}
        </>
      )}
    </section>
  );
}
