import { describe, expect, it } from 'vitest';
import {
  EXPIRY_INCOMPLETE,
  EXPIRY_IN_PAST,
  EXPIRY_INPUT_MAX,
  EXPIRY_TOO_LATE,
  EXPIRY_UNREADABLE,
  readExpiry,
  toExpiryInput,
} from './read-expiry';

const local = (y: number, m: number, d: number, h: number, mi: number) => new Date(y, m - 1, d, h, mi).getTime();

describe('reading a case expiry from a datetime-local field', () => {
  it("reads the reader's wall time to the instant it names; an empty field means no expiry", () => {
    expect(readExpiry('2030-12-01T10:00')).toEqual({ ok: true, expiresAt: local(2030, 12, 1, 10, 0) });
    expect(readExpiry('2030-12-01T10:00:30.5')).toEqual({ ok: true, expiresAt: local(2030, 12, 1, 10, 0) + 30_500 });
    expect(readExpiry(EXPIRY_INPUT_MAX)).toEqual({ ok: true, expiresAt: local(9999, 12, 31, 23, 59) });
    expect(readExpiry('')).toEqual({ ok: true, expiresAt: null });
  });

  it('refuses a 5-digit year (Chromium accepts one; `new Date` made it "no expiry") with a sentence', () => {
    expect(readExpiry('10000-01-01T10:00')).toEqual({ ok: false, message: EXPIRY_TOO_LATE });
    expect(readExpiry('275760-09-13T00:00')).toEqual({ ok: false, message: EXPIRY_TOO_LATE });
  });

  it('refuses what names no moment rather than moving it or dropping it', () => {
    for (const value of ['2030-04-31T10:00', '2030-02-29T10:00', '2030-12-01T24:00', '0000-01-01T00:00', '2030-12-01', 'soon'])
      expect(readExpiry(value)).toEqual({ ok: false, message: EXPIRY_UNREADABLE });
    // A year below 100 is that year, not 19xx (the Date constructor's reading).
    expect(readExpiry('0099-06-01T00:00')).toEqual({ ok: true, expiresAt: new Date(local(2000, 6, 1, 0, 0)).setFullYear(99) });
  });

  it('a half-filled field (empty value, badInput) is refused, not read as "no expiry"', () => {
    expect(readExpiry('', { badInput: true })).toEqual({ ok: false, message: EXPIRY_INCOMPLETE });
  });

  it('with `now`, refuses an expiry not later than it (the server refuses the same)', () => {
    const now = local(2030, 1, 1, 12, 0);
    expect(readExpiry('2030-01-01T12:00', { now })).toEqual({ ok: false, message: EXPIRY_IN_PAST });
    expect(readExpiry('2030-01-01T12:01', { now })).toEqual({ ok: true, expiresAt: now + 60_000 });
  });

  it('writes an instant back as a field value, to the minute', () => {
    expect(toExpiryInput(local(2030, 3, 9, 7, 5) + 42_000)).toBe('2030-03-09T07:05');
  });
});
