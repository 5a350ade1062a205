import { TZDate } from '@date-fns/tz';
import type { BookingSettings, OpeningHours } from '@guildhall/contracts/appointments';
import type { Config } from '@server/config';
import { readZonedTime } from '@guildhall/contracts/zoned-time';

/**
 * When a slot may be booked. 001 §5 "Server-side validation: not shown", so Guildhall decides (issue 15
 * item 3): a weekly plan of opening hours with breaks, holidays and one-off exceptions, in one time
 * zone; slots on a grid from each opening (and from the end of each break); minimum notice, a booking
 * horizon, seats per slot and a limit of active bookings per user. Staff edit them (settings page);
 * until they do, config.ts gives the defaults: Monday to Friday, 09:00-17:00 Asia/Bangkok, 30-minute
 * slots, 180 days ahead.
 */
export interface BookingRules extends Omit<BookingSettings, 'reminderMinutes'> {
  /** Issue 15 item 4: minutes before a booking at which LINE reminds its user. */
  reminderMinutes: number[];
  timeZone: string;
}

/** The rules until staff save their own: the APPOINTMENT_* configuration. */
export function defaultBookingSettings(config: Config): Omit<BookingRules, 'timeZone'> {
  const hours: OpeningHours = { opens: config.APPOINTMENT_OPENS, closes: config.APPOINTMENT_CLOSES, breaks: [] };
  return {
    weekly: [0, 1, 2, 3, 4, 5, 6].map((d) => (config.appointmentDays.includes(d) ? hours : null)),
    holidays: [],
    exceptions: [],
    slotMinutes: config.APPOINTMENT_SLOT_MINUTES,
    capacity: config.APPOINTMENT_CAPACITY,
    minNoticeMinutes: config.APPOINTMENT_MIN_NOTICE_MINUTES,
    maxDaysAhead: config.APPOINTMENT_MAX_DAYS_AHEAD,
    maxActivePerUser: config.APPOINTMENT_MAX_ACTIVE_PER_USER,
    reminderMinutes: config.APPOINTMENT_REMINDER_HOURS.split(',')
      .map((h) => Math.round(Number(h.trim()) * 60))
      .filter((m) => m > 0),
  };
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** "Monday to Friday", or "Monday, Wednesday" when the days are not a run. */
export function describeDays(days: number[]): string {
  if (days.length === 7) return 'every day';
  const sorted = [...days].sort((a, b) => a - b);
  const isRun = sorted.length > 2 && sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  if (isRun) return `${DAY_NAMES[sorted[0]!]} to ${DAY_NAMES[sorted[sorted.length - 1]!]}`;
  return sorted.map((d) => DAY_NAMES[d]).join(', ');
}

/** The open weekdays (0 = Sunday). */
export function openDays(rules: Pick<BookingSettings, 'weekly'>): number[] {
  return rules.weekly.flatMap((h, d) => (h ? [d] : []));
}

/** "Monday to Friday, 09:00-17:00 (Asia/Bangkok time)"; days with other hours are listed after a semicolon. */
export function describeOpeningHours(rules: BookingRules): string {
  const groups = new Map<string, number[]>();
  rules.weekly.forEach((h, d) => {
    if (!h) return;
    const key = `${h.opens}-${h.closes}${h.breaks.length ? ` (closed ${h.breaks.map((b) => `${b.start}-${b.end}`).join(', ')})` : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  });
  if (groups.size === 0) return `by no weekday at the moment (${rules.timeZone} time)`;
  const parts = [...groups].map(([hours, days]) => `${describeDays(days)}, ${hours}`);
  return `${parts.join('; ')} (${rules.timeZone} time)`;
}

export interface LocalDay {
  date: string;
  y: number;
  m: number;
  d: number;
  weekday: number;
}

/** The calendar day (in the time zone) an instant falls on. */
export function localDayOf(ms: number, timeZone: string): LocalDay {
  const t = readZonedTime(ms, timeZone);
  return toLocalDay(t.y, t.m, t.d, t.weekday);
}

function toLocalDay(y: number, m: number, d: number, weekday: number): LocalDay {
  return { date: `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, y, m, d, weekday };
}

/** The day `offset` days after `day`. */
export function addDays(day: LocalDay, offset: number): LocalDay {
  const u = new Date(Date.UTC(day.y, day.m - 1, day.d + offset));
  return toLocalDay(u.getUTCFullYear(), u.getUTCMonth() + 1, u.getUTCDate(), u.getUTCDay());
}

interface Lookups {
  holidays: Map<string, string>;
  exceptions: Map<string, OpeningHours | null>;
}
const lookups = new WeakMap<BookingSettings, Lookups>();
function lookupsOf(rules: BookingSettings): Lookups {
  let found = lookups.get(rules);
  if (!found) {
    found = {
      holidays: new Map(rules.holidays.map((h) => [h.date, h.name])),
      exceptions: new Map(rules.exceptions.map((e) => [e.date, e.hours])),
    };
    lookups.set(rules, found);
  }
  return found;
}

/** A date's hours: its exception if any, else closed on a holiday, else the weekly plan. */
export function hoursOn(rules: BookingSettings, day: LocalDay): OpeningHours | null {
  const { holidays, exceptions } = lookupsOf(rules);
  if (exceptions.has(day.date)) return exceptions.get(day.date) ?? null;
  if (holidays.has(day.date)) return null;
  return rules.weekly[day.weekday] ?? null;
}

export function holidayName(rules: BookingSettings, date: string): string | undefined {
  return lookupsOf(rules).holidays.get(date);
}

/** Minutes after midnight at which the day's slots start: a grid from opening and from each break's end. */
export function slotMinutesOfDay(hours: OpeningHours, slotMinutes: number): number[] {
  const breaks = [...hours.breaks].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  const segments: Array<[number, number]> = [];
  let from = minutesOf(hours.opens);
  for (const b of breaks) {
    segments.push([from, minutesOf(b.start)]);
    from = Math.max(from, minutesOf(b.end));
  }
  segments.push([from, minutesOf(hours.closes)]);
  const starts: number[] = [];
  for (const [start, end] of segments) for (let m = start; m + slotMinutes <= end; m += slotMinutes) starts.push(m);
  return starts;
}

/** Each rules object's days already worked out (loadBookingRules answers one object while unchanged). */
const plans = new WeakMap<BookingRules, Map<string, readonly number[]>>();

/** The epoch ms of each slot start on a day (empty when closed); the same array while the rules are unchanged. */
export function slotStartsOn(rules: BookingRules, day: LocalDay): readonly number[] {
  let days = plans.get(rules);
  if (!days) plans.set(rules, (days = new Map()));
  let starts = days.get(day.date);
  if (!starts) days.set(day.date, (starts = computeSlotStarts(rules, day)));
  return starts;
}

function computeSlotStarts(rules: BookingRules, day: LocalDay): number[] {
  const hours = hoursOn(rules, day);
  if (!hours) return [];
  const minutes = slotMinutesOfDay(hours, rules.slotMinutes);
  const { from, to } = dayRange(day.date, rules.timeZone);
  // A day without a clock change is 24 h long: add minutes to midnight instead of asking the zone each time.
  if (to - from === 86_400_000) return minutes.map((m) => from + m * 60_000);
  // A day with a clock change: ask the zone for each wall time. A wall time that does not exist that
  // day (clocks go forward: 02:00-02:59 in New York) comes back as the instant an hour later, already
  // the slot of that later time: skip it, so each instant is listed once. A wall time that happens
  // twice (clocks go back: 01:00-01:59) is one slot, at its first occurrence (TZDate's reading): the
  // opening hours are wall-clock times, and two slots both reading "01:30" could not be told apart in
  // the mini-app or a LINE message, so the second 01:00-01:59 is not offered.
  return minutes.flatMap((m) => {
    const startsAt = firstInstantOf(day, m, rules.timeZone);
    const wall = readZonedTime(startsAt, rules.timeZone);
    return wall.hour * 60 + wall.minute === m ? [startsAt] : [];
  });
}

/** The instant `minute` minutes after midnight on `day` reads on the clock: its first occurrence when it happens twice. */
function firstInstantOf(day: LocalDay, minute: number, timeZone: string): number {
  return new TZDate(day.y, day.m - 1, day.d, 0, minute, 0, 0, timeZone).getTime();
}

export type SlotCheck = { ok: true; startsAt: number; endsAt: number } | { ok: false; message: string };

/** Checks a requested start time against the rules; answers the slot or the sentence a person reads. */
export function checkBookableSlot(rules: BookingRules, startsAt: number, now: number): SlotCheck {
  // 001 §5: the date-time must be strictly later than now (the same words the mini-app uses).
  if (!(startsAt > now)) return { ok: false, message: 'Please select a date and time in the future.' };
  if (startsAt - now > rules.maxDaysAhead * 86_400_000) {
    return { ok: false, message: `Appointments can be booked at most ${rules.maxDaysAhead} days ahead.` };
  }
  const day = localDayOf(startsAt, rules.timeZone);
  const hours = hoursOn(rules, day);
  const holiday = holidayName(rules, day.date);
  if (!hours && holiday !== undefined && !lookupsOf(rules).exceptions.has(day.date)) {
    return { ok: false, message: `The bureau is closed on ${day.date}${holiday ? ` (${holiday})` : ''}. Please pick another day.` };
  }
  if (!hours && lookupsOf(rules).exceptions.has(day.date)) {
    return { ok: false, message: `The bureau is closed on ${day.date}. Please pick another day.` };
  }
  const starts = slotStartsOn(rules, day);
  if (!starts.includes(startsAt)) {
    const t = readZonedTime(startsAt, rules.timeZone);
    const minute = t.hour * 60 + t.minute;
    const withinHours = hours && minute >= minutesOf(hours.opens) && minute + rules.slotMinutes <= minutesOf(hours.closes);
    if (!withinHours) {
      return { ok: false, message: `Appointments are available ${describeOpeningHours(rules)}. Please pick a time within opening hours.` };
    }
    const mins = slotMinutesOfDay(hours, rules.slotMinutes);
    const examples = mins.slice(0, 2).map(hhmm).join(', ');
    const inBreak = hours.breaks.some((b) => minute + rules.slotMinutes > minutesOf(b.start) && minute < minutesOf(b.end));
    if (inBreak) return { ok: false, message: `The bureau is closed at that time (a break). Please pick another time.` };
    // Decision 0032 (amendment): on the day clocks go back, the second of a wall time that happens
    // twice is not a slot (computeSlotStarts), though it is on the grid: say that, not "every N minutes".
    if (starts.includes(firstInstantOf(day, minute, rules.timeZone))) {
      return {
        ok: false,
        message: `The clocks go back on ${day.date}, so ${hhmm(minute)} happens twice that night. Appointments are only at the first ${hhmm(minute)}, before the clocks go back. Please pick that time or another one.`,
      };
    }
    return {
      ok: false,
      message: `Appointments start every ${rules.slotMinutes} minutes from ${hours.opens} (for example ${examples}). Please pick one of those times.`,
    };
  }
  // Issue 15 item 3: minimum notice, after the time is known to be a slot (so the sentence is the useful one).
  if (startsAt - now < rules.minNoticeMinutes * 60_000) {
    return { ok: false, message: `Appointments must be booked at least ${describeMinutes(rules.minNoticeMinutes)} ahead.` };
  }
  return { ok: true, startsAt, endsAt: startsAt + rules.slotMinutes * 60_000 };
}

export function describeMinutes(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The [start, end) epoch range of a calendar day (YYYY-MM-DD) in the rules' time zone. */
export function dayRange(date: string, timeZone: string): { from: number; to: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const from = new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime();
  const to = new TZDate(y, m - 1, d + 1, 0, 0, 0, 0, timeZone).getTime();
  return { from, to };
}
