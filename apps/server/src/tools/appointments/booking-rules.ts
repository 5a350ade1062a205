import { TZDate } from '@date-fns/tz';
import type { Config } from '@server/config';

/**
 * When a slot may be booked. 001 §5 "Server-side validation: not shown", so Guildhall decides:
 * opening days and hours in one time zone, slots on a fixed grid from opening time, no further ahead
 * than a limit. Defaults (config.ts): Monday to Friday, 09:00-17:00 Asia/Bangkok, 30-minute slots,
 * 180 days ahead.
 */
export interface BookingRules {
  timeZone: string;
  /** 0 = Sunday. */
  days: number[];
  opens: string;
  closes: string;
  slotMinutes: number;
  maxDaysAhead: number;
}

export function bookingRulesFrom(config: Config): BookingRules {
  return {
    timeZone: config.APPOINTMENT_TIME_ZONE,
    days: config.appointmentDays,
    opens: config.APPOINTMENT_OPENS,
    closes: config.APPOINTMENT_CLOSES,
    slotMinutes: config.APPOINTMENT_SLOT_MINUTES,
    maxDaysAhead: config.APPOINTMENT_MAX_DAYS_AHEAD,
  };
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** "Monday to Friday", or "Monday, Wednesday" when the days are not a run. */
export function describeDays(days: number[]): string {
  if (days.length === 7) return 'every day';
  const sorted = [...days].sort((a, b) => a - b);
  const isRun = sorted.length > 2 && sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  if (isRun) return `${DAY_NAMES[sorted[0]!]} to ${DAY_NAMES[sorted[sorted.length - 1]!]}`;
  return sorted.map((d) => DAY_NAMES[d]).join(', ');
}

export function describeOpeningHours(rules: BookingRules): string {
  return `${describeDays(rules.days)}, ${rules.opens}-${rules.closes} (${rules.timeZone} time)`;
}

export type SlotCheck = { ok: true; startsAt: number; endsAt: number } | { ok: false; message: string };

/** Checks a requested start time against the rules; answers the slot or the sentence a person reads. */
export function checkBookableSlot(rules: BookingRules, startsAt: number, now: number): SlotCheck {
  // 001 §5: the date-time must be strictly later than now (the same words the mini-app uses).
  if (!(startsAt > now)) return { ok: false, message: 'Please select a date and time in the future.' };
  if (startsAt - now > rules.maxDaysAhead * 86_400_000) {
    return { ok: false, message: `Appointments can be booked at most ${rules.maxDaysAhead} days ahead.` };
  }
  const local = new TZDate(startsAt, rules.timeZone);
  const minuteOfDay = local.getHours() * 60 + local.getMinutes();
  const opens = minutesOf(rules.opens);
  const closes = minutesOf(rules.closes);
  if (!rules.days.includes(local.getDay()) || minuteOfDay < opens || minuteOfDay + rules.slotMinutes > closes) {
    return { ok: false, message: `Appointments are available ${describeOpeningHours(rules)}. Please pick a time within opening hours.` };
  }
  if ((minuteOfDay - opens) % rules.slotMinutes !== 0 || local.getSeconds() !== 0 || local.getMilliseconds() !== 0) {
    return {
      ok: false,
      message: `Appointments start every ${rules.slotMinutes} minutes from ${rules.opens} (for example ${exampleSlots(rules)}). Please pick one of those times.`,
    };
  }
  return { ok: true, startsAt, endsAt: startsAt + rules.slotMinutes * 60_000 };
}

function exampleSlots(rules: BookingRules): string {
  const opens = minutesOf(rules.opens);
  return [opens, opens + rules.slotMinutes]
    .map((m) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`)
    .join(', ');
}

/** The [start, end) epoch range of a calendar day (YYYY-MM-DD) in the rules' time zone. */
export function dayRange(date: string, timeZone: string): { from: number; to: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const from = new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime();
  const to = new TZDate(y, m - 1, d + 1, 0, 0, 0, 0, timeZone).getTime();
  return { from, to };
}
