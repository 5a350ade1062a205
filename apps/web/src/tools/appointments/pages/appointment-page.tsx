import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Button, TextField } from '@/ui';
import { useCreateAppointment } from '../api/create-appointment';
import { useWorkerConfig } from '../api/get-worker-config';
import { useRegisterUser } from '../api/register-user';
import {
  CLOSE_AFTER_MS,
  TEXT,
  type StatusMessage,
  defaultDateTime,
  failureMessage,
  initFailureMessage,
  prepareSubmission,
  rescheduleIdFrom,
} from '../lib/appointment-flow';
import { type LiffStart, startLiff } from '../lib/liff-session';
import { TOPIC_MAX_LENGTH } from '@guildhall/contracts/appointments';
import './appointment-page.css';

type Phase = 'initializing' | 'redirecting' | 'ready' | 'failed' | 'success';
type Ready = Extract<LiffStart, { status: 'ready' }>;

/** 001 §2 /appointment: book, or with ?reschedule_id= reschedule, an appointment inside LINE. */
export function AppointmentPage() {
  const location = useLocation();
  const rescheduleId = rescheduleIdFrom(location.search);
  const rescheduling = rescheduleId !== null;
  const config = useWorkerConfig();
  const registerUser = useRegisterUser();
  const create = useCreateAppointment();

  const [phase, setPhase] = useState<Phase>('initializing');
  const [status, setStatus] = useState<StatusMessage>({ tone: 'info', text: TEXT.initializing });
  const [session, setSession] = useState<Ready | null>(null);
  const [dateTime, setDateTime] = useState(() => defaultDateTime(new Date()));
  const [topic, setTopic] = useState('');
  const started = useRef(false);

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

  // 001 §4 step 5: inside LINE the window closes 3000 ms after success.
  useEffect(() => {
    if (phase !== 'success' || !session?.isInClient) return;
    const timer = window.setTimeout(() => session.closeWindow(), CLOSE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [phase, session]);

  const busy = create.isPending;
  const userId = session?.profile.userId ?? null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const prepared = prepareSubmission({ userId, dateTimeLocal: dateTime, topic, rescheduleId, now: new Date() });
    if (!prepared.ok) {
      setStatus({ tone: 'error', text: prepared.message });
      return;
    }
    setStatus({ tone: 'info', text: rescheduling ? TEXT.submittingReschedule : TEXT.submittingBook });
    create.mutate(
      { body: prepared.body, idToken: session?.idToken ?? null },
      {
        onSuccess: () => {
          setPhase('success');
          setStatus({ tone: 'success', text: TEXT.success });
        },
        // 001 §8: the error is shown in the error style and the form stays usable.
        onError: (error) => setStatus({ tone: 'error', text: failureMessage(error) }),
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
          <form className="appointment-app__form" onSubmit={submit} noValidate={false}>
            <TextField
              label={TEXT.dateLabel}
              type="datetime-local"
              required
              value={dateTime}
              onChange={(e) => setDateTime(e.target.value)}
              hint={config.data ? `Open ${describeOpening(config.data.booking)}.` : undefined}
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
      </main>
    </div>
  );
}

const DAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function describeOpening(booking: { days: number[]; opens: string; closes: string; slotMinutes: number; timeZone: string }): string {
  const days = booking.days.map((d) => DAY[d]).join(', ');
  return `${days}, ${booking.opens}–${booking.closes} (${booking.timeZone}), every ${booking.slotMinutes} minutes`;
}
