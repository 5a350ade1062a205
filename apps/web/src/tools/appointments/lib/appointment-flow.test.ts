import { describe, expect, it } from 'vitest';
import {
  TEXT,
  defaultDateTime,
  failureMessage,
  fromDateTimeLocal,
  heldSlotFrom,
  httpErrorMessage,
  initFailureMessage,
  prepareSubmission,
  rescheduleIdFrom,
  toDateTimeLocal,
  workerFailureMessage,
} from './appointment-flow';

// 09:41:12 on Mon 7 Jan 2030 in the office's zone (Bangkok, UTC+7), whatever the machine's zone.
const now = new Date('2030-01-07T02:41:12Z');
const timeZone = 'Asia/Bangkok';

describe('the appointment mini-app rules (001 §4, §5, §8)', () => {
  it("defaults to the next full hour of the office's clock", () => {
    expect(defaultDateTime(now, timeZone)).toBe('2030-01-07T10:00');
    expect(defaultDateTime(new Date('2030-01-07T16:05:00Z'), timeZone)).toBe('2030-01-08T00:00');
    // An office half an hour off the phone's hours (India, UTC+5:30) has its own full hours.
    expect(defaultDateTime(now, 'Asia/Kolkata')).toBe('2030-01-07T09:00');
  });

  it("issue 15 item 1: the field's value is the office's wall time of an instant, and back", () => {
    expect(toDateTimeLocal(new Date('2030-01-07T02:00:00Z'), timeZone)).toBe('2030-01-07T09:00');
    expect(toDateTimeLocal(new Date('2030-01-07T02:00:00Z'), 'America/New_York')).toBe('2030-01-06T21:00');
    expect(toDateTimeLocal(new Date('2030-01-07T17:00:00Z'), timeZone)).toBe('2030-01-08T00:00');
    expect(fromDateTimeLocal('2030-01-07T09:00', timeZone)?.toISOString()).toBe('2030-01-07T02:00:00.000Z');
    expect(fromDateTimeLocal('2030-01-07T09:00:30', timeZone)?.toISOString()).toBe('2030-01-07T02:00:30.000Z');
    // Either side of New York's change to summer time (2:00 on 10 Mar 2030 becomes 3:00).
    expect(fromDateTimeLocal('2030-03-10T01:30', 'America/New_York')?.toISOString()).toBe('2030-03-10T06:30:00.000Z');
    expect(fromDateTimeLocal('2030-03-10T03:30', 'America/New_York')?.toISOString()).toBe('2030-03-10T07:30:00.000Z');
    expect(fromDateTimeLocal('', timeZone)).toBeNull();
    expect(fromDateTimeLocal('soon', timeZone)).toBeNull();
  });

  it('needs a user id and a date-time', () => {
    expect(prepareSubmission({ userId: null, dateTimeLocal: '2030-01-07T10:00', topic: '', rescheduleId: null, now, timeZone })).toEqual({
      ok: false,
      message: TEXT.invalidDate,
    });
    expect(prepareSubmission({ userId: 'U1', dateTimeLocal: '', topic: '', rescheduleId: null, now, timeZone })).toEqual({
      ok: false,
      message: 'Error: Please select a valid date and time.',
    });
  });

  it('needs a time strictly in the future', () => {
    const atNow = prepareSubmission({ userId: 'U1', dateTimeLocal: '2030-01-07T09:41', topic: '', rescheduleId: null, now, timeZone });
    expect(atNow).toEqual({ ok: false, message: 'Please select a date and time in the future.' });
  });

  it('sends the instant the office time names in ISO form, a trimmed topic, null when empty, and the reschedule id', () => {
    const ok = prepareSubmission({ userId: 'U1', dateTimeLocal: '2030-01-07T10:00', topic: '  Visa  ', rescheduleId: '7', now, timeZone });
    expect(ok).toEqual({
      ok: true,
      body: { userId: 'U1', datetime: '2030-01-07T03:00:00.000Z', topic: 'Visa', reschedule_id: '7' },
    });
    const empty = prepareSubmission({ userId: 'U1', dateTimeLocal: '2030-01-07T10:00', topic: '   ', rescheduleId: null, now, timeZone });
    expect(empty.ok && empty.body.topic).toBeNull();
  });

  it('words errors as the catalogue says', () => {
    expect(httpErrorMessage(409, { error: 'Slot taken.' })).toBe('Slot taken.');
    expect(httpErrorMessage(502, 'nope')).toBe('HTTP error! status: 502');
    expect(failureMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(failureMessage('weird')).toBe('An unexpected error occurred.');
    expect(initFailureMessage(new Error('bad liff id'))).toBe('Error: bad liff id');
    expect(initFailureMessage(undefined)).toBe('Failed to initialize. Please try again.');
  });

  it('words a failed worker call as the catalogue says', () => {
    expect(workerFailureMessage({ kind: 'refused', status: 409, body: { error: 'Slot taken.' }, readable: true })).toBe('Slot taken.');
    expect(workerFailureMessage({ kind: 'refused', status: 502, body: undefined, readable: false })).toBe('HTTP error! status: 502');
    expect(workerFailureMessage({ kind: 'off-contract', status: 200 })).toBe('HTTP error! status: 200');
    expect(workerFailureMessage({ kind: 'unreachable', error: new TypeError('Failed to fetch') })).toBe('Failed to fetch');
    expect(workerFailureMessage({ kind: 'unreachable', error: 'weird' })).toBe('An unexpected error occurred.');
  });

  it('reads reschedule_id from the query', () => {
    expect(rescheduleIdFrom('?reschedule_id=12')).toBe('12');
    expect(rescheduleIdFrom('?x=1')).toBeNull();
  });

  it("issue 15 item 6: reads the held seat's start from a waitlist offer's ?slot=", () => {
    expect(heldSlotFrom('?slot=2030-01-07T03%3A00%3A00.000Z')).toBe('2030-01-07T03:00:00.000Z');
    expect(heldSlotFrom('?slot=2030-01-07T10:00:00%2B07:00')).toBe('2030-01-07T03:00:00.000Z');
    expect(heldSlotFrom('?slot=soon')).toBeNull();
    expect(heldSlotFrom('?reschedule_id=4')).toBeNull();
  });
});
