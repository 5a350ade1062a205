import { describe, expect, it } from 'vitest';
import { type BookingRules, checkBookableSlot, dayRange, describeDays } from './booking-rules';

const rules: BookingRules = {
  timeZone: 'Asia/Bangkok',
  days: [1, 2, 3, 4, 5],
  opens: '09:00',
  closes: '17:00',
  slotMinutes: 30,
  maxDaysAhead: 180,
};
// Monday 2030-01-07 00:00 in Bangkok (UTC+7) is 2030-01-06T17:00Z.
const now = Date.parse('2030-01-06T17:00:00Z');
const bkk = (local: string) => Date.parse(`${local}+07:00`);

describe('checkBookableSlot', () => {
  it('accepts a weekday slot on the grid and gives its end', () => {
    const result = checkBookableSlot(rules, bkk('2030-01-07T09:30:00'), now);
    expect(result).toEqual({ ok: true, startsAt: bkk('2030-01-07T09:30:00'), endsAt: bkk('2030-01-07T10:00:00') });
  });
  it('accepts the last slot that ends at closing time', () => {
    expect(checkBookableSlot(rules, bkk('2030-01-07T16:30:00'), now).ok).toBe(true);
  });
  it('refuses the past and now itself (001 §5: strictly later than now)', () => {
    expect(checkBookableSlot(rules, now, now)).toEqual({ ok: false, message: 'Please select a date and time in the future.' });
    expect(checkBookableSlot(rules, now - 60_000, now).ok).toBe(false);
  });
  it('refuses weekends, before opening and slots running past closing', () => {
    for (const local of ['2030-01-12T10:00:00', '2030-01-07T08:30:00', '2030-01-07T17:00:00']) {
      const result = checkBookableSlot(rules, bkk(local), now);
      expect(result.ok, local).toBe(false);
      if (!result.ok) expect(result.message).toContain('Monday to Friday, 09:00-17:00 (Asia/Bangkok time)');
    }
  });
  it('refuses times off the slot grid, seconds included', () => {
    const off = checkBookableSlot(rules, bkk('2030-01-07T09:15:00'), now);
    expect(off).toMatchObject({ ok: false, message: expect.stringContaining('every 30 minutes from 09:00') });
    expect(checkBookableSlot(rules, bkk('2030-01-07T09:30:01'), now).ok).toBe(false);
  });
  it('refuses bookings beyond the limit', () => {
    expect(checkBookableSlot(rules, bkk('2031-01-07T10:00:00'), now)).toMatchObject({
      ok: false,
      message: expect.stringContaining('180 days'),
    });
  });
  it('judges opening hours in the configured zone, not the server zone', () => {
    // 10:00 in Bangkok is 03:00 UTC; 10:00 UTC is 17:00 in Bangkok (closed).
    expect(checkBookableSlot(rules, Date.parse('2030-01-07T03:00:00Z'), now).ok).toBe(true);
    expect(checkBookableSlot(rules, Date.parse('2030-01-07T10:00:00Z'), now).ok).toBe(false);
  });
});

describe('dayRange and describeDays', () => {
  it('gives a Bangkok day as UTC epochs', () => {
    expect(dayRange('2030-01-07', 'Asia/Bangkok')).toEqual({
      from: Date.parse('2030-01-06T17:00:00Z'),
      to: Date.parse('2030-01-07T17:00:00Z'),
    });
  });
  it('names runs and lists', () => {
    expect(describeDays([1, 2, 3, 4, 5])).toBe('Monday to Friday');
    expect(describeDays([1, 3])).toBe('Monday, Wednesday');
  });
});
