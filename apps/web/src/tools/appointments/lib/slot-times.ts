// Issue 15 item 1: slots shown to the person in their own time zone (the browser's), and the fallback
// date-time field kept on the slot grid.

import type { AvailabilityAnswer } from '@guildhall/contracts/appointments';
import { toDateTimeLocal } from './appointment-flow';

export type Availability = AvailabilityAnswer;

/** "14:30" in the browser's time zone. */
export function timeLabel(iso: string, locale?: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false });
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

/** The datetime-local value of a slot start, in the browser's time zone (what the fallback field holds). */
export const slotLocalValue = (iso: string) => toDateTimeLocal(new Date(iso));

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
