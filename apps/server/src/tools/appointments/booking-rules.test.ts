import { describe, expect, it } from 'vitest';
import { type BookingRules, checkBookableSlot, dayRange, describeDays, localDayOf, slotStartsOn } from './booking-rules';

const weekday = { opens: '09:00', closes: '17:00', breaks: [] };
const rules: BookingRules = {
  timeZone: 'Asia/Bangkok',
  weekly: [null, weekday, weekday, weekday, weekday, weekday, null],
  holidays: [],
  exceptions: [],
  slotMinutes: 30,
  capacity: 1,
  minNoticeMinutes: 0,
  maxDaysAhead: 180,
  maxActivePerUser: 3,
  reminderMinutes: [1440, 60],
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

describe('issue 15 item 3: breaks, holidays, exceptions, minimum notice', () => {
  const withRules: BookingRules = {
    ...rules,
    weekly: [
      null,
      { opens: '09:00', closes: '17:00', breaks: [{ start: '12:00', end: '13:15' }] },
      weekday,
      weekday,
      weekday,
      weekday,
      null,
    ],
    holidays: [{ date: '2030-01-08', name: 'Bureau day' }],
    exceptions: [
      { date: '2030-01-12', hours: { opens: '10:00', closes: '12:00', breaks: [] } },
      { date: '2030-01-09', hours: null },
    ],
    minNoticeMinutes: 120,
  };
  it('offers no slot overlapping a break and restarts the grid at its end', () => {
    const mins = slotStartsOn(withRules, localDayOf(bkk('2030-01-07T10:00:00'), 'Asia/Bangkok')).map((ms) =>
      new Date(ms + 7 * 3_600_000).toISOString().slice(11, 16),
    );
    expect(mins).toContain('11:30');
    expect(mins).not.toContain('12:00');
    expect(mins).not.toContain('13:00');
    expect(mins).toContain('13:15');
    expect(mins.at(-1)).toBe('16:15');
    expect(checkBookableSlot(withRules, bkk('2030-01-07T12:30:00'), now)).toMatchObject({
      ok: false,
      message: expect.stringContaining('(a break)'),
    });
  });
  it('closes holidays and closed exceptions, and opens a Saturday by exception', () => {
    expect(checkBookableSlot(withRules, bkk('2030-01-08T10:00:00'), now)).toEqual({
      ok: false,
      message: 'The bureau is closed on 2030-01-08 (Bureau day). Please pick another day.',
    });
    expect(checkBookableSlot(withRules, bkk('2030-01-09T10:00:00'), now)).toMatchObject({
      ok: false,
      message: expect.stringContaining('closed on 2030-01-09'),
    });
    expect(checkBookableSlot(withRules, bkk('2030-01-12T11:30:00'), now).ok).toBe(true);
    expect(checkBookableSlot(withRules, bkk('2030-01-12T12:00:00'), now).ok).toBe(false);
  });
  it('refuses a slot inside the minimum notice', () => {
    expect(checkBookableSlot(withRules, bkk('2030-01-07T09:30:00'), bkk('2030-01-07T08:00:00'))).toEqual({
      ok: false,
      message: 'Appointments must be booked at least 2 hours ahead.',
    });
    expect(checkBookableSlot(withRules, bkk('2030-01-07T10:00:00'), bkk('2030-01-07T08:00:00')).ok).toBe(true);
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
