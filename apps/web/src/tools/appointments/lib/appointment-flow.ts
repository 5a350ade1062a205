// The mini-app's words and rules (001 §2 "Appointment mini-app", §4 flow, §5 checks, §8 errors, §9).
// Pure functions, so they are unit tested without a browser.

import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { readZonedTime } from '@guildhall/contracts/zoned-time';
import type { ApiFailure } from '@/lib/api-client';

export const TEXT = {
  initializing: 'Initializing LIFF...',
  redirecting: 'Redirecting to LINE login...',
  loading: 'Loading...',
  readyBook: 'Please select a date, time, and add an optional topic.',
  readyReschedule: 'Rescheduling: Please pick a new date and time.',
  submittingBook: 'Booking your appointment...',
  submittingReschedule: 'Rescheduling...',
  success: 'Appointment booked successfully! This window will close shortly.',
  headingBook: 'Book an Appointment',
  headingReschedule: 'Reschedule Appointment',
  buttonBook: 'Book Now',
  buttonReschedule: 'Reschedule Now',
  buttonBusy: 'Submitting...',
  dateLabel: 'Select Date and Time',
  topicLabel: 'Topic (Optional)',
  topicPlaceholder: 'e.g., Project Discussion',
  invalidDate: 'Error: Please select a valid date and time.',
  pastDate: 'Please select a date and time in the future.',
  unexpected: 'An unexpected error occurred.',
  initFailed: 'Failed to initialize. Please try again.',
} as const;

/** 001 §9: the success window closes after 3000 ms inside LINE. */
export const CLOSE_AFTER_MS = 3000;

export type StatusTone = 'info' | 'success' | 'error';
export interface StatusMessage {
  tone: StatusTone;
  text: string;
}

const HOUR_MS = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

// Issue 15 item 1: the fallback field sits beside slot buttons written in the office's time zone, so
// it reads and writes the office's wall time too; the phone's own zone would show another hour for the
// same instant (a phone in New York: 21:00 beside a 09:00 Bangkok button).

/** An instant as the value of <input type="datetime-local"> in `timeZone`'s wall time (minutes precision). */
export function toDateTimeLocal(date: Date, timeZone: string): string {
  const t = readZonedTime(date.getTime(), timeZone);
  return `${t.y}-${pad(t.m)}-${pad(t.d)}T${pad(t.hour)}:${pad(t.minute)}`;
}

/**
 * The instant a datetime-local value names in `timeZone`'s wall time; null when it names none. Read as
 * the server reads the office's opening hours (TZDate): a wall time that happens twice is its first.
 */
export function fromDateTimeLocal(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((n) => Number(n ?? 0)) as [number, number, number, number, number, number];
  const at = new TZDate(y, mo - 1, d, h, mi, s, 0, timeZone).getTime();
  return Number.isNaN(at) ? null : new Date(at);
}

/** 001 §4: the default is the next full hour: now plus one hour, minutes set to zero (in `timeZone`). */
export function nextFullHour(now: Date, timeZone: string): Date {
  const later = toDateTimeLocal(new Date(now.getTime() + HOUR_MS), timeZone);
  return fromDateTimeLocal(`${later.slice(0, -2)}00`, timeZone)!;
}

/** 001 §4's default as the field's value, in `timeZone`. */
export function defaultDateTime(now: Date, timeZone: string): string {
  return toDateTimeLocal(nextFullHour(now, timeZone), timeZone);
}

export type Submission =
  | { ok: true; body: { userId: string; datetime: string; topic: string | null; reschedule_id: string | null } }
  | { ok: false; message: string };

/**
 * 001 §5: user id and date-time must both be present; the date-time strictly later than now; the
 * topic trimmed and null when empty. The date-time (`timeZone`'s wall time, as the field shows it) is
 * sent as the instant it names, in ISO form (001 §9).
 */
export function prepareSubmission(input: {
  userId: string | null;
  dateTimeLocal: string;
  timeZone: string;
  topic: string;
  rescheduleId: string | null;
  now: Date;
}): Submission {
  const parsed = fromDateTimeLocal(input.dateTimeLocal, input.timeZone);
  if (!input.userId || !parsed) return { ok: false, message: TEXT.invalidDate };
  // A wall time the office's clock skips (clocks go forward: 02:30 in New York that night) names no
  // instant; TZDate reads it as an hour later, so the booking would be made for a time the person
  // never chose. Say so instead (001 §5: a valid date and time).
  const minute = input.dateTimeLocal.slice(0, 16);
  if (toDateTimeLocal(parsed, input.timeZone) !== minute) {
    const [date, time] = minute.split('T') as [string, string];
    return {
      ok: false,
      message: `${time} does not exist on ${date} in ${input.timeZone} time: the clocks go forward that night. Please pick another time.`,
    };
  }
  if (!(parsed.getTime() > input.now.getTime())) return { ok: false, message: TEXT.pastDate };
  const topic = input.topic.trim();
  return {
    ok: true,
    body: { userId: input.userId, datetime: parsed.toISOString(), topic: topic === '' ? null : topic, reschedule_id: input.rescheduleId },
  };
}

/** 001 §8: a non-OK create-appointment shows the server's error field, else 'HTTP error! status: {status}'. */
export function httpErrorMessage(status: number, body: unknown): string {
  const answer = z.object({ error: z.string().min(1) }).safeParse(body);
  return answer.success ? answer.data.error : `HTTP error! status: ${status}`;
}

/** 001 §8: other failures show the exception message, else 'An unexpected error occurred.' */
export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : TEXT.unexpected;
}

/**
 * 001 §8: how the mini-app words a failed call to the worker (the apiRequest `describeFailure`): a
 * refusal as httpErrorMessage, an answer outside the contract as 'HTTP error! status: {status}', a
 * call that could not be made as the exception's own message.
 */
export function workerFailureMessage(failure: ApiFailure): string {
  if (failure.kind === 'unreachable') return failureMessage(failure.error);
  if (failure.kind === 'refused') return httpErrorMessage(failure.status, failure.body);
  return `HTTP error! status: ${failure.status}`;
}

/** 001 §8: init failures show 'Error: ' plus the message, else 'Failed to initialize. Please try again.' */
export function initFailureMessage(error: unknown): string {
  return error instanceof Error && error.message ? `Error: ${error.message}` : TEXT.initFailed;
}

/** 001 §2: reschedule_id in the query string switches the page to rescheduling. */
export function rescheduleIdFrom(search: string): string | null {
  const value = new URLSearchParams(search).get('reschedule_id');
  return value && value.trim() ? value.trim() : null;
}

/** Issue 15 item 6: a waitlist offer's link carries ?slot=<ISO>, the start of the seat held for this person. */
export function heldSlotFrom(search: string): string | null {
  const value = new URLSearchParams(search).get('slot');
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}
