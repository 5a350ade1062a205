import { makeBookingSettings } from '@guildhall/testkit/appointments-demo';
import { describe, expect, it } from 'vitest';
import { type BookingRules, checkBookableSlot, localDayOf, slotStartsOn } from './booking-rules';

const allDay = { opens: '00:00', closes: '24:00', breaks: [] };
const rules: BookingRules = {
  ...makeBookingSettings({ weekly: Array.from({ length: 7 }, () => allDay), minNoticeMinutes: 0 }),
  timeZone: 'America/New_York',
  reminderMinutes: [1440, 60],
};
const slotsOn = (date: string) =>
  slotStartsOn(rules, localDayOf(Date.parse(`${date}T12:00:00Z`), rules.timeZone)).map((ms) => new Date(ms).toISOString());
const utc = (hhmm: string, date: string) => `${date}T${hhmm}:00.000Z`;

describe('slot starts on the days clocks change (America/New_York, 30-minute slots, open all day)', () => {
  it('an ordinary day has 48 slots', () => {
    expect(slotsOn('2027-03-15')).toHaveLength(48);
  });

  it('spring forward (2027-03-14, 02:00 EST is 03:00 EDT): 02:00 and 02:30 do not exist, each instant is listed once', () => {
    const slots = slotsOn('2027-03-14');
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots).toHaveLength(46);
    // 01:30 EST, then 03:00 EDT half an hour later.
    expect(slots.slice(3, 6)).toEqual([utc('06:30', '2027-03-14'), utc('07:00', '2027-03-14'), utc('07:30', '2027-03-14')]);
    expect(slots.at(-1)).toBe(utc('03:30', '2027-03-15'));
    expect(checkBookableSlot(rules, Date.parse(utc('07:00', '2027-03-14')), Date.parse('2027-03-01T00:00:00Z')).ok).toBe(true);
  });

  it('fall back (2027-11-07, 02:00 EDT is 01:00 EST): the repeated 01:00 and 01:30 are listed once, at their first occurrence', () => {
    const slots = slotsOn('2027-11-07');
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots).toHaveLength(48);
    // 01:00 and 01:30 EDT, then 02:00 EST: the second 01:00 and 01:30 (06:00Z, 06:30Z) are not slots.
    expect(slots.slice(2, 5)).toEqual([utc('05:00', '2027-11-07'), utc('05:30', '2027-11-07'), utc('07:00', '2027-11-07')]);
  });

  it('fall back: every slot listed is bookable; the second 01:00 and 01:30 are refused in words that say why', () => {
    const now = Date.parse('2027-11-01T00:00:00Z');
    for (const slot of slotsOn('2027-11-07')) expect(checkBookableSlot(rules, Date.parse(slot), now)).toMatchObject({ ok: true });
    for (const [instant, wall] of [
      ['06:00', '01:00'],
      ['06:30', '01:30'],
    ] as const) {
      expect(checkBookableSlot(rules, Date.parse(utc(instant, '2027-11-07')), now)).toEqual({
        ok: false,
        message: `The clocks go back on 2027-11-07, so ${wall} happens twice that night. Appointments are only at the first ${wall}, before the clocks go back. Please pick that time or another one.`,
      });
    }
    // Off the grid in the repeated hour is still off the grid.
    expect(checkBookableSlot(rules, Date.parse(utc('06:15', '2027-11-07')), now)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Appointments start every 30 minutes/),
    });
  });
});
