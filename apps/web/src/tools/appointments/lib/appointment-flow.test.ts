import { describe, expect, it } from 'vitest';
import {
  TEXT,
  defaultDateTime,
  failureMessage,
  heldSlotFrom,
  httpErrorMessage,
  initFailureMessage,
  prepareSubmission,
  rescheduleIdFrom,
  workerFailureMessage,
} from './appointment-flow';

const now = new Date(2030, 0, 7, 9, 41, 12);

describe('the appointment mini-app rules (001 §4, §5, §8)', () => {
  it('defaults to the next full hour', () => {
    expect(defaultDateTime(now)).toBe('2030-01-07T10:00');
    expect(defaultDateTime(new Date(2030, 0, 7, 23, 5))).toBe('2030-01-08T00:00');
  });

  it('needs a user id and a date-time', () => {
    expect(prepareSubmission({ userId: null, dateTimeLocal: '2030-01-07T10:00', topic: '', rescheduleId: null, now })).toEqual({
      ok: false,
      message: TEXT.invalidDate,
    });
    expect(prepareSubmission({ userId: 'U1', dateTimeLocal: '', topic: '', rescheduleId: null, now })).toEqual({
      ok: false,
      message: 'Error: Please select a valid date and time.',
    });
  });

  it('needs a time strictly in the future', () => {
    const atNow = prepareSubmission({ userId: 'U1', dateTimeLocal: '2030-01-07T09:41', topic: '', rescheduleId: null, now });
    expect(atNow).toEqual({ ok: false, message: 'Please select a date and time in the future.' });
  });

  it('sends ISO time, a trimmed topic, null when empty, and the reschedule id', () => {
    const ok = prepareSubmission({ userId: 'U1', dateTimeLocal: '2030-01-07T10:00', topic: '  Visa  ', rescheduleId: '7', now });
    expect(ok).toEqual({
      ok: true,
      body: { userId: 'U1', datetime: new Date(2030, 0, 7, 10, 0).toISOString(), topic: 'Visa', reschedule_id: '7' },
    });
    const empty = prepareSubmission({ userId: 'U1', dateTimeLocal: '2030-01-07T10:00', topic: '   ', rescheduleId: null, now });
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
