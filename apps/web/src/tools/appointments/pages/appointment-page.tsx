import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Button, TextField } from '@/ui';
import { ApiError } from '@/lib/api-client';
import { useCreateAppointment } from '../api/create-appointment';
import { useAvailability } from '../api/get-availability';
import { useCancelMyAppointment } from '../api/cancel-my-appointment';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useMyAppointments } from '../api/list-my-appointments';
import { BookingCard, MyAppointments, whenLabel } from '../components/my-appointments';
import { SlotPicker } from '../components/slot-picker';
import { dayLabel, dayOf, freeStarts, phoneTimeZone, preselect, slotFieldValue, timeLabel, withHeld, zoneNote } from '../lib/slot-times';
import { useWorkerConfig } from '../api/get-worker-config';
import { useRegisterUser } from '../api/register-user';
import {
  CLOSE_AFTER_MS,
  TEXT,
  type StatusMessage,
  defaultDateTime,
  failureMessage,
  heldSlotFrom,
  initFailureMessage,
  nextFullHour,
  prepareSubmission,
  rescheduleIdFrom,
} from '../lib/appointment-flow';
import { type LiffStart, startLiff } from '../lib/liff-session';
import { type Appointment, TOPIC_MAX_LENGTH } from '@guildhall/contracts/appointments';
import './appointment-page.css';

type Phase = 'initializing' | 'redirecting' | 'ready' | 'failed' | 'success';
type Ready = Extract<LiffStart, { status: 'ready' }>;

/** 001 §2 /appointment: book, or with ?reschedule_id= reschedule, an appointment inside LINE. */
export function AppointmentPage() {
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();
  const rescheduleId = rescheduleIdFrom(location.search);
  const rescheduling = rescheduleId !== null;
  const config = useWorkerConfig();
  const registerUser = useRegisterUser();
  const create = useCreateAppointment();

  const [phase, setPhase] = useState<Phase>('initializing');
  const [status, setStatus] = useState<StatusMessage>({ tone: 'info', text: TEXT.initializing });
  const [session, setSession] = useState<Ready | null>(null);
  // Issue 15 item 1: the field reads and writes the office's time, as the slot buttons beside it do
  // (the phone's zone stands in only while the server has not said which, when nothing can be booked).
  const officeZone = config.data?.booking.timeZone ?? phoneTimeZone();
  const fieldValue = (iso: string) => slotFieldValue(iso, officeZone);
  // The field's value once chosen (by hand, by a slot button or pre-selected); until then 001 §4's
  // default, the next full hour from the page's opening.
  const [openedAt] = useState(() => new Date());
  const [chosen, setDateTime] = useState<string | null>(null);
  const dateTime = chosen ?? defaultDateTime(openedAt, officeZone);
  const [topic, setTopic] = useState('');
  const [day, setDay] = useState<string | null>(null);
  const started = useRef(false);
  // Issue 15 item 2: the booking just made (the success screen shows it) and the user's own list.
  const [booked, setBooked] = useState<Appointment | null>(null);
  const mine = useMyAppointments(session ? { userId: session.profile.userId, idToken: session.idToken } : null);
  const cancelMine = useCancelMyAppointment();
  const waitlist = useJoinWaitlist();
  const highlightId = Number(new URLSearchParams(location.search).get('booking')) || (booked?.id ?? null);
  const cancelBooking = (a: Appointment) =>
    cancelMine.mutate(
      { body: { userId: session?.profile.userId ?? '', id: a.id }, idToken: session?.idToken ?? null },
      {
        onSuccess: ({ appointment }) => {
          if (booked?.id === appointment.id) setBooked(appointment);
          setStatus({ tone: 'info', text: `Your appointment on ${whenLabel(appointment.datetime)} is cancelled.` });
        },
        onError: (error) => setStatus({ tone: 'error', text: failureMessage(error) }),
      },
    );
  // Issue 15 item 1: the free slots of the next two weeks, once LINE said who this is.
  const availability = useAvailability(AVAILABILITY_DAYS, phase === 'ready' || phase === 'failed');
  const touched = useRef(false);
  // Issue 15 item 6: a seat held for this person, by the offer's link (?slot=) or as the waitlist's
  // answer (status 'offered'), is bookable by them though the availability counts it as taken.
  const offer = waitlist.data?.entry.status === 'offered' ? waitlist.data.entry.offeredStart : null;
  const held = heldSlotFrom(location.search) ?? offer;
  const slots = useMemo(() => (availability.data ? withHeld(availability.data, held) : null), [availability.data, held]);
  const heldDay = slots && held ? dayOf(slots, held) : null;
  const selectedSlot = slots ? (freeStarts(slots).find((s) => fieldValue(s) === dateTime) ?? null) : null;

  const chooseSlot = (start: string) => {
    touched.current = true;
    setDateTime(fieldValue(start));
    if (slots) setDay(dayOf(slots, start));
  };

  // Pre-select the first free slot at or after 001 §4's default (the next full hour); a waitlist
  // offer's link (?slot=<ISO>, issue 15 item 6) pre-selects the slot held for this person.
  useEffect(() => {
    if (!slots || touched.current) return;
    const offered = heldSlotFrom(location.search);
    if (offered) {
      touched.current = true;
      setDateTime(slotFieldValue(offered, officeZone));
      setDay(dayOf(slots, offered));
      return;
    }
    const first = preselect(slots, nextFullHour(new Date(), officeZone));
    if (first) {
      setDateTime(slotFieldValue(first, officeZone));
      setDay(dayOf(slots, first));
    } else setDay(slots.days.find((d) => d.open)?.date ?? null);
  }, [slots, location.search, officeZone]);

  const heading = rescheduling ? TEXT.headingReschedule : TEXT.headingBook;
  useEffect(() => {
    document.title = `${heading} · Guildhall`;
  }, [heading]);

  // 001 §4 steps 1-4: initialise LIFF once the server said how, then register the user.
  useEffect(() => {
    if (config.isError) {
      setPhase('failed');
      setStatus({ tone: 'error', text: initFailureMessage(config.error) });
      return;
    }
    if (!config.data || started.current) return;
    started.current = true;
    startLiff(config.data, location.search)
      .then((start) => {
        if (start.status === 'redirecting') {
          setPhase('redirecting');
          setStatus({ tone: 'info', text: TEXT.redirecting });
          return;
        }
        setSession(start);
        setPhase('ready');
        setStatus({ tone: 'info', text: rescheduling ? TEXT.readyReschedule : TEXT.readyBook });
        registerUser.mutate({ body: { userId: start.profile.userId, displayName: start.profile.displayName }, idToken: start.idToken });
      })
      .catch((error: unknown) => {
        setPhase('failed');
        setStatus({ tone: 'error', text: initFailureMessage(error) });
      });
    // registerUser is a stable mutation object; the flow must run once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config.data, config.isError]);

  // Issue 15 item 2: a Reschedule link navigates on the same page: back to the form. Every press is a
  // new location (key), also when the URL stays the same, as after rescheduling that very booking.
  const { key: navigation, search } = location;
  const seenNavigation = useRef(navigation);
  const ownNavigation = useRef(false);
  const resetWaitlist = waitlist.reset;
  useEffect(() => {
    if (seenNavigation.current === navigation) return;
    seenNavigation.current = navigation;
    // The page's own change of address (dropping a spent ?slot=) is not a new visit: it keeps its screen.
    if (ownNavigation.current) {
      ownNavigation.current = false;
      return;
    }
    if (!session) return;
    setPhase('ready');
    setBooked(null);
    // The seat the waitlist's answer offered is booked or passed over by now: the form starts afresh.
    resetWaitlist();
    touched.current = false;
    setStatus({ tone: 'info', text: rescheduleIdFrom(search) !== null ? TEXT.readyReschedule : TEXT.readyBook });
  }, [navigation, search, session, resetWaitlist]);

  // 001 §4 step 5: inside LINE the window closes 3000 ms after success.
  useEffect(() => {
    if (phase !== 'success' || !session?.isInClient) return;
    const timer = window.setTimeout(() => session.closeWindow(), CLOSE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [phase, session]);

  // Issue 15 item 6: once the held seat is booked, by this request or an earlier one, the offer's
  // ?slot= is spent: left in the address, a reload would offer the seat again and booking it would be
  // refused as already booked. Replaced, not pushed, so Back does not bring it back either.
  const dropSpentOffer = (booked: string) => {
    if (heldSlotFrom(location.search) !== booked) return;
    ownNavigation.current = true;
    setSearchParams(
      (params) => {
        params.delete('slot');
        return params;
      },
      { replace: true },
    );
  };

  const busy = create.isPending;
  const userId = session?.profile.userId ?? null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const prepared = prepareSubmission({ userId, dateTimeLocal: dateTime, timeZone: officeZone, topic, rescheduleId, now: new Date() });
    if (!prepared.ok) {
      setStatus({ tone: 'error', text: prepared.message });
      return;
    }
    setStatus({ tone: 'info', text: rescheduling ? TEXT.submittingReschedule : TEXT.submittingBook });
    create.mutate(
      { body: prepared.body, idToken: session?.idToken ?? null },
      {
        onSuccess: ({ appointment }) => {
          setBooked(appointment);
          dropSpentOffer(prepared.body.datetime);
          void mine.refetch();
          void availability.refetch();
          setPhase('success');
          setStatus({ tone: 'success', text: TEXT.success });
        },
        // 001 §8: the error is shown in the error style and the form stays usable.
        onError: (error) => {
          setStatus({ tone: 'error', text: failureMessage(error) });
          if (error instanceof ApiError && error.code === 'appointments.already_booked') dropSpentOffer(prepared.body.datetime);
          // Issue 15 item 6: the held seat refused as taken is an offer that expired and passed to the
          // next in line: ?slot= is spent, or the page would go on saying "A seat is held for you" and
          // listing that time as free (withHeld) beside the server's refusal.
          if (error instanceof ApiError && error.code === 'appointments.slot_taken') {
            dropSpentOffer(prepared.body.datetime);
            if (offer === prepared.body.datetime) resetWaitlist();
          }
          // Issue 15 item 1: someone took the slot meanwhile: refresh and offer the next free one. Any
          // other refusal also means the buttons may be out of date (the page was left open: a slot
          // now inside the minimum notice, a day staff closed since): refresh them too, and when the
          // slot tried was one of the buttons and is no longer free, choose the next free one, so the
          // page does not keep offering a time the server just refused.
          if (error instanceof ApiError && error.status < 500) {
            const tried = prepared.body.datetime;
            const taken = error.code === 'appointments.slot_taken';
            const offered = slots !== null && freeStarts(slots).includes(tried);
            void availability.refetch().then(({ data }) => {
              if (!data) return;
              const free = freeStarts(data);
              if (!taken && (!offered || free.includes(tried) || error.code === 'appointments.already_booked')) return;
              const next = free.find((s) => Date.parse(s) > Date.parse(tried)) ?? free[0];
              if (next) {
                setDateTime(fieldValue(next));
                setDay(dayOf(data, next));
              }
            });
          }
        },
      },
    );
  };

  const showForm = phase === 'ready' || phase === 'failed';
  return (
    <div className="appointment-app">
      <main className="appointment-app__card">
        <h1 className="appointment-app__title">{heading}</h1>
        <p
          className={`appointment-app__status appointment-app__status--${status.tone}`}
          role={status.tone === 'error' ? 'alert' : 'status'}
          data-tone={status.tone}
        >
          {status.text}
        </p>
        {(phase === 'initializing' || phase === 'redirecting') && <p className="appointment-app__loading">{TEXT.loading}</p>}
        {showForm && (
          // The field's min and step (issue 15 item 1) guide the native picker; the form checks 001 §5 itself,
          // so a past or empty time shows 001's own sentence rather than the browser's bubble.
          <form className="appointment-app__form" onSubmit={submit} noValidate>
            {slots && (
              <SlotPicker
                availability={slots}
                day={day}
                onDay={(d) => {
                  touched.current = true;
                  setDay(d);
                  const first = slots.days.find((x) => x.date === d)?.slots[0];
                  if (first) setDateTime(fieldValue(first.start));
                }}
                selected={selectedSlot}
                onSelect={chooseSlot}
                disabled={busy}
                fullDayExtra={(full) =>
                  waitlist.data?.entry.date === full.date && waitlist.data.entry.position !== null ? (
                    <p role="status">
                      You are number {waitlist.data.entry.position} on the waitlist for this day. We will send you a LINE message if a time
                      frees up.
                    </p>
                  ) : (
                    <Button
                      variant="secondary"
                      disabled={waitlist.isPending || !userId}
                      onClick={() =>
                        waitlist.mutate(
                          { body: { userId: userId ?? '', date: full.date }, idToken: session?.idToken ?? null },
                          {
                            // Already offered a seat that day (status 'offered'): choose it, it is theirs to book.
                            onSuccess: ({ entry }) => {
                              if (entry.status !== 'offered' || !entry.offeredStart) return;
                              touched.current = true;
                              setDateTime(fieldValue(entry.offeredStart));
                              setDay(entry.date);
                            },
                            onError: (error) => setStatus({ tone: 'error', text: failureMessage(error) }),
                          },
                        )
                      }
                    >
                      Join the waitlist
                    </Button>
                  )
                }
              />
            )}
            {/* LINE or the server unreachable: say the free times are missing (the field still books). */}
            {!slots && availability.isError && (
              <LoadFailure what="The free times" error={availability.error} busy={availability.isFetching} retry={availability.refetch} />
            )}
            {slots && held && heldDay && (
              <p className="appointment-app__held" role="status">
                {heldMessage(held, heldDay, slots.timeZone)}
              </p>
            )}
            {/* 001 §2: the spec's field stays, as the fallback, on the slot grid (issue 15 item 1). */}
            <TextField
              label={TEXT.dateLabel}
              type="datetime-local"
              required
              value={dateTime}
              min={slots?.next ? fieldValue(slots.next) : undefined}
              step={slots ? slots.slotMinutes * 60 : undefined}
              onChange={(e) => {
                touched.current = true;
                setDateTime(e.target.value);
              }}
              // Named in the slot buttons' words when the phone's zone differs (issue 15 item 1).
              hint={
                config.data
                  ? [
                      zoneNote(officeZone, phoneTimeZone()),
                      // The server's words for each day's own hours and breaks (the first day's stood for every day).
                      `Open ${config.data.booking.hours}, every ${config.data.booking.slotMinutes} minutes.`,
                    ]
                      .filter(Boolean)
                      .join(' ')
                  : undefined
              }
            />
            <TextField
              label={TEXT.topicLabel}
              type="text"
              placeholder={TEXT.topicPlaceholder}
              maxLength={TOPIC_MAX_LENGTH}
              value={topic}
              onChange={(e) => setTopic(e.target.value)}
            />
            <Button type="submit" block disabled={busy || !userId}>
              {busy ? TEXT.buttonBusy : rescheduling ? TEXT.buttonReschedule : TEXT.buttonBook}
            </Button>
          </form>
        )}
        {phase === 'success' && booked && (
          <BookingCard appointment={booked} actionable highlighted={false} busy={cancelMine.isPending} onCancel={cancelBooking} />
        )}
        {/* The list needs LINE to confirm who this is (502 when LINE cannot be reached): say it is missing. */}
        {!mine.data && mine.isError && (phase === 'ready' || phase === 'success') && (
          <LoadFailure what="Your appointments" error={mine.error} busy={mine.isFetching} retry={mine.refetch} />
        )}
        {mine.data && (phase === 'ready' || phase === 'failed' || phase === 'success') && (
          <MyAppointments
            data={phase === 'success' && booked ? withoutBooking(mine.data, booked.id) : mine.data}
            highlightId={highlightId}
            busyId={cancelMine.isPending ? ((cancelMine.variables?.body.id as number | undefined) ?? null) : null}
            onCancel={cancelBooking}
          />
        )}
      </main>
    </div>
  );
}

/**
 * A part of the page that could not be loaded (the free times, the person's bookings), with the
 * reason (001 §8: the exception's message) and a way to ask again; before, it was silently missing.
 */
function LoadFailure({ what, error, busy, retry }: { what: string; error: unknown; busy: boolean; retry: () => unknown }) {
  return (
    <div className="appointment-app__load-failure" aria-live="polite">
      <p>
        {what} could not be loaded. {failureMessage(error)}
      </p>
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => void retry()}>
        {busy ? 'Loading...' : 'Try again'}
      </Button>
    </div>
  );
}

/** On the success screen the new booking is shown on its own, so the list leaves it out. */
function withoutBooking<T extends { upcoming: Appointment[]; past: Appointment[] }>(data: T, id: number): T {
  return { ...data, upcoming: data.upcoming.filter((a) => a.id !== id), past: data.past.filter((a) => a.id !== id) };
}

/** Issue 15 item 6: "A seat is held for you on Mon 7 Jan at 10:00. You can book it now." */
function heldMessage(start: string, date: string, timeZone: string): string {
  const day = dayLabel(date);
  return `A seat is held for you on ${day.weekday} ${day.day} ${day.month} at ${timeLabel(start, timeZone)}. You can book it now.`;
}

/** Issue 15 item 1: how many days of free slots the mini-app offers. */
const AVAILABILITY_DAYS = 14;
