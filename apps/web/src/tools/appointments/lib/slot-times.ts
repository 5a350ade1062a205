// Issue 15 item 1: the free slots as day and time buttons, and the fallback date-time field kept on
// the slot grid. The days are the office's calendar days (AvailableDay.date), so their times are shown
// in the office's time zone too (the answer's timeZone), named when the phone's differs: a phone in
// another zone would otherwise list under "Wed 25" times that fall on its Tuesday or Thursday.

import type { AvailabilityAnswer } from '@guildhall/contracts/appointments';
import { toDateTimeLocal } from './appointment-flow';

export type Availability = AvailabilityAnswer;

/** "14:30" in `timeZone` (the office's, so it agrees with the day button it is listed under). */
export function timeLabel(iso: string, timeZone: string, locale?: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false, timeZone });
}

/** The phone's own time zone (the browser's). */
export const phoneTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Times are Bangkok time (Asia/Bangkok)." when the office's zone is not the phone's, else null. */
export function zoneNote(officeZone: string, phoneZone: string): string | null {
  if (officeZone === phoneZone) return null;
  const place = officeZone.split('/').pop()!.replaceAll('_', ' ');
  return place === officeZone ? `Times are ${officeZone} time.` : `Times are ${place} time (${officeZone}).`;
}

/** The office's calendar day (YYYY-MM-DD) of an instant, in `timeZone`. */
export function officeDate(iso: string, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Date(iso).toLocaleDateString('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** "Mon 7" for a YYYY-MM-DD (a calendar day, read as such). */
export function dayLabel(date: string, locale?: string): { weekday: string; day: string; month: string } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d, 12));
  return {
    weekday: at.toLocaleDateString(locale, { weekday: 'short', timeZone: 'UTC' }),
    day: String(d),
    month: at.toLocaleDateString(locale, { month: 'short', timeZone: 'UTC' }),
  };
}

/** The datetime-local value of a slot start in `timeZone` (the office's: what the fallback field holds). */
export const slotFieldValue = (iso: string, timeZone: string) => toDateTimeLocal(new Date(iso), timeZone);

/** All free slot starts, in order. */
export function freeStarts(availability: Availability): string[] {
  return availability.days.flatMap((d) => d.slots.map((s) => s.start));
}

/**
 * The slot to pre-select: the first free one at or after `notBefore` (001 §4's default, the next full
 * hour), else the first free one at all; null when nothing is free.
 */
export function preselect(availability: Availability, notBefore: Date): string | null {
  const starts = freeStarts(availability);
  return starts.find((s) => Date.parse(s) >= notBefore.getTime()) ?? starts[0] ?? null;
}

/** The day (of the answer) holding a slot start. */
export function dayOf(availability: Availability, iso: string): string | null {
  return availability.days.find((d) => d.slots.some((s) => s.start === iso))?.date ?? null;
}

/**
 * Issue 15 item 6: the slot held for this person by a waitlist offer counts as taken in the
 * availability answer (the hold is a booked row), so its day reads "Full". For them it is bookable:
 * put it back among its day's free slots. Unchanged when nothing is held, it is already listed, or
 * its day is outside the answer.
 */
export function withHeld(availability: Availability, held: string | null): Availability {
  if (!held || freeStarts(availability).includes(held)) return availability;
  const date = officeDate(held, availability.timeZone);
  if (!availability.days.some((d) => d.date === date)) return availability;
  const slot = { start: held, end: new Date(Date.parse(held) + availability.slotMinutes * 60_000).toISOString(), free: 1 };
  const days = availability.days.map((d) =>
    d.date === date ? { ...d, full: false, slots: [...d.slots, slot].sort((a, b) => Date.parse(a.start) - Date.parse(b.start)) } : d,
  );
  const next = availability.next && Date.parse(availability.next) < Date.parse(held) ? availability.next : held;
  return { ...availability, days, next };
}
