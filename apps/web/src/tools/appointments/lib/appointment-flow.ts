// The mini-app's words and rules (001 §2 "Appointment mini-app", §4 flow, §5 checks, §8 errors, §9).
// Pure functions, so they are unit tested without a browser.

import { z } from 'zod';
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

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as the value of <input type="datetime-local"> (local time, minutes precision). */
export function toDateTimeLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 001 §4: the default is the next full hour: now plus one hour, minutes set to zero. */
export function defaultDateTime(now: Date): string {
  const next = new Date(now.getTime());
  next.setHours(next.getHours() + 1, 0, 0, 0);
  return toDateTimeLocal(next);
}

export type Submission =
  | { ok: true; body: { userId: string; datetime: string; topic: string | null; reschedule_id: string | null } }
  | { ok: false; message: string };

/**
 * 001 §5: user id and date-time must both be present; the date-time strictly later than now; the
 * topic trimmed and null when empty. The date-time is sent in ISO form (001 §9).
 */
export function prepareSubmission(input: {
  userId: string | null;
  dateTimeLocal: string;
  topic: string;
  rescheduleId: string | null;
  now: Date;
}): Submission {
  const parsed = input.dateTimeLocal ? new Date(input.dateTimeLocal) : null;
  if (!input.userId || !parsed || Number.isNaN(parsed.getTime())) return { ok: false, message: TEXT.invalidDate };
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
