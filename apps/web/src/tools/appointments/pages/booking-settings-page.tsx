import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type {
  BookingSettings,
  ClosedDayReport,
  OpeningHours,
  OutsideHoursReport,
  OverSeatsReport,
} from '@guildhall/contracts/appointments';
import type { CoreErrorCode } from '@guildhall/contracts/core';
import { ApiError } from '@/lib/api-client';
import { Button, Page, Spinner, StatusCard, TextField } from '@/ui';
import { useBookingSettings } from '../api/get-booking-settings';
import { useSaveBookingSettings } from '../api/save-booking-settings';
import { StaffGate } from '../components/staff-gate';
import { dayHeading } from '../lib/day-heading';
import { timeLabel } from '../lib/slot-times';
import './booking-settings-page.css';
import { useSingleFlight } from '@/lib/use-single-flight';
import { DAYS, NUMBER_LABELS, wordSettingsRefusal } from '../lib/settings-field-names';
const DEFAULT_HOURS: OpeningHours = { opens: '09:00', closes: '17:00', breaks: [] };

/**
 * The contract's end of a day (TimeOfDay allows 24:00 as a close), which a time input cannot hold: it
 * showed such a day's close as blank, and offered no way to enter it.
 */
const MIDNIGHT = '24:00';

/**
 * A Remove button goes with its row; focus fell to the page's body, and a keyboard user started again
 * from the top. It goes to the list's Add button, which stays.
 */
const stayNear = (add: React.RefObject<HTMLButtonElement | null>) => add.current?.focus();

function HoursEditor({ name, hours, onChange }: { name: string; hours: OpeningHours; onChange(h: OpeningHours): void }) {
  const addBreak = useRef<HTMLButtonElement>(null);
  const midnight = hours.closes === MIDNIGHT;
  return (
    <div className="booking-settings__hours">
      <TextField label={`${name} opens`} type="time" value={hours.opens} onChange={(e) => onChange({ ...hours, opens: e.target.value })} />
      <TextField
        label={`${name} closes`}
        type="time"
        value={midnight ? '' : hours.closes}
        disabled={midnight}
        hint={midnight ? 'At midnight (24:00)' : undefined}
        onChange={(e) => onChange({ ...hours, closes: e.target.value })}
      />
      <label className="booking-settings__check">
        <input
          type="checkbox"
          checked={midnight}
          onChange={(e) => onChange({ ...hours, closes: e.target.checked ? MIDNIGHT : DEFAULT_HOURS.closes })}
        />
        {name} open until midnight
      </label>
      {hours.breaks.map((b, i) => (
        <div key={i} className="booking-settings__break">
          <TextField
            label={`${name} break ${i + 1} from`}
            type="time"
            value={b.start}
            onChange={(e) => onChange({ ...hours, breaks: hours.breaks.map((x, j) => (j === i ? { ...x, start: e.target.value } : x)) })}
          />
          <TextField
            label={`${name} break ${i + 1} until`}
            type="time"
            value={b.end}
            onChange={(e) => onChange({ ...hours, breaks: hours.breaks.map((x, j) => (j === i ? { ...x, end: e.target.value } : x)) })}
          />
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              onChange({ ...hours, breaks: hours.breaks.filter((_, j) => j !== i) });
              stayNear(addBreak);
            }}
          >
            Remove break
          </Button>
        </div>
      ))}
      <Button
        ref={addBreak}
        size="sm"
        variant="secondary"
        onClick={() => onChange({ ...hours, breaks: [...hours.breaks, { start: '12:00', end: '13:00' }] })}
      >
        Add break
      </Button>
    </div>
  );
}

function NumberField({ label, hint, value, onChange }: { label: string; hint?: string; value: number; onChange(n: number): void }) {
  return (
    <TextField
      label={label}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={0}
      value={Number.isFinite(value) ? String(value) : ''}
      onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
    />
  );
}

/**
 * Issue 15 item 4: the reminders as minutes before, comma-separated ("1440, 60" is a day and an hour
 * before). The text is kept as typed; what is not a number goes to the server, which answers a sentence.
 */
function RemindersField({ value, onChange }: { value: number[]; onChange(minutes: number[]): void }) {
  const [text, setText] = useState(value.join(', '));
  return (
    <TextField
      label="Reminders (minutes before)"
      hint="Comma-separated: 1440, 60 sends one a day before and one an hour before. Empty sends none."
      inputMode="numeric"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const parts = e.target.value.split(',').map((part) => part.trim());
        onChange(parts.filter((part) => part !== '').map(Number));
      }}
    />
  );
}

/** Issue 15 item 3: /bureau/appointments/settings, the booking rules staff set (bureau-staff). */
export function BookingSettingsPage() {
  return (
    <StaffGate title="Booking rules" returnTo="/bureau/appointments/settings">
      <BookingSettingsForm />
    </StaffGate>
  );
}

function BookingSettingsForm() {
  const current = useBookingSettings();
  const save = useSaveBookingSettings();
  const saveOnce = useSingleFlight(save);
  const [draft, setDraft] = useState<BookingSettings | null>(null);
  // Decision 0053: the updatedAt of the rules the draft was copied from, sent with the save, so rules
  // a colleague saved since are refused (409) instead of replaced by this page's older copy.
  const [base, setBase] = useState<string | null>(null);
  // Counts loads into the draft: fields that keep their own text (the reminders) start again from it.
  const [loads, setLoads] = useState(0);
  const [reloading, setReloading] = useState(false);
  const addHoliday = useRef<HTMLButtonElement>(null);
  const addException = useRef<HTMLButtonElement>(null);
  const loadDraft = (answer: { settings: BookingSettings; updatedAt: string | null }) => {
    setDraft(answer.settings);
    setBase(answer.updatedAt);
    setLoads((n) => n + 1);
  };
  useEffect(() => {
    if (current.data && !draft) loadDraft(current.data);
  }, [current.data, draft]);
  useEffect(() => {
    document.title = 'Booking rules · Guildhall';
  }, []);

  const refusal = current.error instanceof ApiError ? current.error.code : null;
  if (current.error && (refusal === ('unauthenticated' satisfies CoreErrorCode) || refusal === ('forbidden' satisfies CoreErrorCode))) {
    return (
      <Page title="Booking rules" width="narrow">
        <StatusCard tone="warning" title={refusal === 'unauthenticated' ? 'Please sign in' : 'Bureau staff only'}>
          <p>{current.error.message}</p>
        </StatusCard>
      </Page>
    );
  }
  if (current.isPending || !draft) {
    return (
      <Page title="Booking rules">
        {current.error ? (
          <StatusCard tone="danger" title="The rules could not be loaded">
            {current.error.message}
          </StatusCard>
        ) : (
          <Spinner label="Loading" showLabel />
        )}
      </Page>
    );
  }
  const set = (patch: Partial<BookingSettings>) => {
    save.reset();
    setDraft({ ...draft, ...patch });
  };
  const timeZone = current.data?.timeZone ?? '';
  const stale = save.error instanceof ApiError && save.error.code === 'conflict';
  // The draft stays as typed until staff choose to replace it with the rules saved since.
  const loadCurrent = async () => {
    setReloading(true);
    try {
      const answer = await current.refetch();
      if (answer.data) {
        save.reset();
        loadDraft(answer.data);
      }
    } finally {
      setReloading(false);
    }
  };

  return (
    <Page
      title="Booking rules"
      lead={`When people can book in the LINE mini-app (${timeZone} time). Bookings already made stay as they are.`}
    >
      <form
        className="booking-settings"
        onSubmit={(e) => {
          e.preventDefault();
          saveOnce({ ...draft, expectedUpdatedAt: base }, { onSuccess: (answer) => setBase(answer.updatedAt) });
        }}
      >
        <section className="booking-settings__section" aria-labelledby="weekly-heading">
          <h2 id="weekly-heading">Working plan</h2>
          {draft.weekly.map((hours, d) => (
            <fieldset key={d} className="booking-settings__day">
              <legend>{DAYS[d]}</legend>
              <label className="booking-settings__check">
                <input
                  type="checkbox"
                  checked={hours !== null}
                  onChange={(e) => set({ weekly: draft.weekly.map((h, i) => (i === d ? (e.target.checked ? DEFAULT_HOURS : null) : h)) })}
                />
                Open on {DAYS[d]}
              </label>
              {hours && (
                <HoursEditor
                  name={DAYS[d]!}
                  hours={hours}
                  onChange={(h) => set({ weekly: draft.weekly.map((x, i) => (i === d ? h : x)) })}
                />
              )}
            </fieldset>
          ))}
        </section>

        <section className="booking-settings__section" aria-labelledby="limits-heading">
          <h2 id="limits-heading">Slots and limits</h2>
          <div className="booking-settings__numbers">
            <NumberField label={NUMBER_LABELS.slotMinutes} value={draft.slotMinutes} onChange={(n) => set({ slotMinutes: n })} />
            <NumberField
              label={NUMBER_LABELS.capacity}
              hint="How many people can book the same time."
              value={draft.capacity}
              onChange={(n) => set({ capacity: n })}
            />
            <NumberField
              label={NUMBER_LABELS.minNoticeMinutes}
              value={draft.minNoticeMinutes}
              onChange={(n) => set({ minNoticeMinutes: n })}
            />
            <NumberField label={NUMBER_LABELS.maxDaysAhead} value={draft.maxDaysAhead} onChange={(n) => set({ maxDaysAhead: n })} />
            <NumberField
              label={NUMBER_LABELS.maxActivePerUser}
              value={draft.maxActivePerUser}
              onChange={(n) => set({ maxActivePerUser: n })}
            />
            <RemindersField key={loads} value={draft.reminderMinutes ?? []} onChange={(minutes) => set({ reminderMinutes: minutes })} />
          </div>
        </section>

        <section className="booking-settings__section" aria-labelledby="holidays-heading">
          <h2 id="holidays-heading">Holidays</h2>
          {draft.holidays.length === 0 && <p className="booking-settings__empty">No holidays.</p>}
          {draft.holidays.map((h, i) => (
            <div key={i} className="booking-settings__row">
              <TextField
                label={`Holiday ${i + 1} date`}
                type="date"
                value={h.date}
                onChange={(e) => set({ holidays: draft.holidays.map((x, j) => (j === i ? { ...x, date: e.target.value } : x)) })}
              />
              <TextField
                label={`Holiday ${i + 1} name`}
                value={h.name}
                maxLength={100}
                onChange={(e) => set({ holidays: draft.holidays.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) })}
              />
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  set({ holidays: draft.holidays.filter((_, j) => j !== i) });
                  stayNear(addHoliday);
                }}
              >
                Remove holiday
              </Button>
            </div>
          ))}
          <Button
            ref={addHoliday}
            size="sm"
            variant="secondary"
            onClick={() => set({ holidays: [...draft.holidays, { date: '', name: '' }] })}
          >
            Add holiday
          </Button>
        </section>

        <section className="booking-settings__section" aria-labelledby="exceptions-heading">
          <h2 id="exceptions-heading">One-off changes</h2>
          <p className="booking-settings__empty">Other hours on one date, or closed that day.</p>
          {draft.exceptions.map((x, i) => (
            <fieldset key={i} className="booking-settings__day">
              <legend>Change {i + 1}</legend>
              <div className="booking-settings__row">
                <TextField
                  label={`Change ${i + 1} date`}
                  type="date"
                  value={x.date}
                  onChange={(e) => set({ exceptions: draft.exceptions.map((y, j) => (j === i ? { ...y, date: e.target.value } : y)) })}
                />
                <label className="booking-settings__check">
                  <input
                    type="checkbox"
                    checked={x.hours === null}
                    onChange={(e) =>
                      set({
                        exceptions: draft.exceptions.map((y, j) =>
                          j === i ? { ...y, hours: e.target.checked ? null : DEFAULT_HOURS } : y,
                        ),
                      })
                    }
                  />
                  Closed all day
                </label>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    set({ exceptions: draft.exceptions.filter((_, j) => j !== i) });
                    stayNear(addException);
                  }}
                >
                  Remove change
                </Button>
              </div>
              {x.hours && (
                <HoursEditor
                  name={`Change ${i + 1}`}
                  hours={x.hours}
                  onChange={(h) => set({ exceptions: draft.exceptions.map((y, j) => (j === i ? { ...y, hours: h } : y)) })}
                />
              )}
            </fieldset>
          ))}
          <Button
            ref={addException}
            size="sm"
            variant="secondary"
            onClick={() => set({ exceptions: [...draft.exceptions, { date: '', hours: null }] })}
          >
            Add one-off change
          </Button>
        </section>

        <div className="booking-settings__actions" aria-live="polite">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save rules'}
          </Button>
          {save.isSuccess && (
            <StatusCard
              tone={
                save.data.closedDays.some((d) => d.bookings > 0) || save.data.outsideHours.length > 0 || save.data.overSeats.length > 0
                  ? 'warning'
                  : 'success'
              }
              title="Saved"
            >
              <p>The new rules apply to bookings from now on.</p>
              <ClosedDays days={save.data.closedDays} />
              <OutsideHours days={save.data.outsideHours} />
              <OverSeats days={save.data.overSeats} seats={save.data.settings.capacity} timeZone={save.data.timeZone} />
            </StatusCard>
          )}
          {save.error && stale && (
            <StatusCard tone="warning" title="Not saved">
              <p>{save.error.message}</p>
              <p>Your changes are still on this page until you load the current rules.</p>
              <Button variant="secondary" disabled={reloading} onClick={() => void loadCurrent()}>
                {reloading ? 'Loading...' : 'Load the current rules'}
              </Button>
            </StatusCard>
          )}
          {save.error && !stale && (
            <StatusCard tone="danger" title="Not saved">
              {wordSettingsRefusal(save.error.message)}
            </StatusCard>
          )}
          <Link to="/bureau/appointments">Back to appointments</Link>
        </div>
      </form>
    </Page>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** "a", "a and b", "a, b and c". */
const andList = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The days still open whose new hours leave bookings outside them (before, after, or in a break). */
function OutsideHours({ days }: { days: OutsideHoursReport[] }) {
  if (days.length === 0) return null;
  return (
    <ul className="booking-settings__closed-days" aria-label="Bookings outside the new hours">
      {days.map((d) => (
        <li key={d.date}>
          <strong>{dayHeading(d.date, { year: true })}:</strong> {count(d.bookings, 'booking now lies', 'bookings now lie')} outside the new
          hours and {d.bookings === 1 ? 'stays' : 'stay'} booked:{' '}
          <Link to={`/bureau/appointments?date=${d.date}`}>open the day in the calendar</Link> to cancel {d.bookings === 1 ? 'it' : 'them'}{' '}
          (each person is told by LINE).
        </li>
      ))}
    </ul>
  );
}

/**
 * Decision 0055 (amended): the days still open where lowered seats leave more bookings at once than
 * seats. They keep their seats (decision 0052); each time named is when a booking starts with more
 * under way than the seats, in the office's time zone.
 */
function OverSeats({ days, seats, timeZone }: { days: OverSeatsReport[]; seats: number; timeZone: string }) {
  if (days.length === 0) return null;
  return (
    <ul className="booking-settings__closed-days" aria-label="Bookings over the new seats">
      {days.map((d) => (
        <li key={d.date}>
          <strong>{dayHeading(d.date, { year: true })}:</strong>{' '}
          {andList(
            d.slots.map((slot) => `${timeLabel(slot.start, timeZone, 'en-GB')} holds ${count(slot.bookings, 'booking', 'bookings')}`),
          )}
          , over the {count(seats, 'seat', 'seats')} per slot now. They stay booked:{' '}
          <Link to={`/bureau/appointments?date=${d.date}`}>open the day in the calendar</Link> to cancel some (each person is told by LINE).
        </li>
      ))}
    </ul>
  );
}

/**
 * Decision 0055: the days the save closed that need staff: bookings made there stay booked (staff
 * cancel them from the calendar, which tells each person), and the people who waited for a closed
 * day have been told by LINE that its waitlist ended.
 */
function ClosedDays({ days }: { days: ClosedDayReport[] }) {
  if (days.length === 0) return null;
  return (
    <ul className="booking-settings__closed-days" aria-label="Days now closed">
      {days.map((d) => (
        <li key={d.date}>
          <strong>{dayHeading(d.date, { year: true })} is now closed.</strong>
          {d.bookings > 0 && (
            <>
              {' '}
              {count(d.bookings, 'booking stays', 'bookings stay')} booked:{' '}
              <Link to={`/bureau/appointments?date=${d.date}`}>open the day in the calendar</Link> to cancel{' '}
              {d.bookings === 1 ? 'it' : 'them'} (each person is told by LINE).
            </>
          )}
          {d.waitlistEnded > 0 &&
            ` ${count(d.waitlistEnded, 'person', 'people')} waiting for it ${d.waitlistEnded === 1 ? 'was' : 'were'} told by LINE that its waitlist has ended.`}
        </li>
      ))}
    </ul>
  );
}
