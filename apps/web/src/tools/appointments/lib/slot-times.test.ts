import { describe, expect, it } from 'vitest';
import { type Availability, officeDate, timeLabel, withHeld, zoneNote } from './slot-times';

const day = (date: string, starts: string[], extra = {}) => ({
  date,
  open: true,
  full: false,
  slots: starts.map((start) => ({ start, end: start, free: 1 })),
  ...extra,
});

describe('issue 15 item 1: slot times in the office time zone', () => {
  it("shows a slot's time in the given zone, whatever the phone's", () => {
    // 02:00 UTC is 09:00 in Bangkok and still the evening before in New York.
    expect(timeLabel('2030-01-07T02:00:00.000Z', 'Asia/Bangkok')).toBe('09:00');
    expect(timeLabel('2030-01-07T02:00:00.000Z', 'America/New_York')).toBe('21:00');
    expect(officeDate('2030-01-07T02:00:00.000Z', 'Asia/Bangkok')).toBe('2030-01-07');
    expect(officeDate('2030-01-07T02:00:00.000Z', 'America/New_York')).toBe('2030-01-06');
  });

  it("names the office's zone only when the phone's differs", () => {
    expect(zoneNote('Asia/Bangkok', 'Asia/Bangkok')).toBeNull();
    expect(zoneNote('Asia/Bangkok', 'Europe/London')).toBe('Times are Bangkok time (Asia/Bangkok).');
    expect(zoneNote('America/New_York', 'Asia/Bangkok')).toBe('Times are New York time (America/New_York).');
    expect(zoneNote('UTC', 'Asia/Bangkok')).toBe('Times are UTC time.');
  });
});

describe('issue 15 item 6: the seat held for this person', () => {
  const answer: Availability = {
    timeZone: 'Asia/Bangkok',
    slotMinutes: 30,
    next: '2030-01-08T02:00:00.000Z',
    days: [day('2030-01-07', [], { full: true }), day('2030-01-08', ['2030-01-08T02:00:00.000Z'])],
  };

  it('is put back among the free slots of its office day, which is no longer full', () => {
    const held = withHeld(answer, '2030-01-07T03:00:00.000Z');
    expect(held.days[0]).toEqual({
      date: '2030-01-07',
      open: true,
      full: false,
      slots: [{ start: '2030-01-07T03:00:00.000Z', end: '2030-01-07T03:30:00.000Z', free: 1 }],
    });
    expect(held.days[1]).toBe(answer.days[1]);
    expect(held.next).toBe('2030-01-07T03:00:00.000Z');
  });

  it('leaves the answer as it is when nothing is held, the slot is listed, or its day is not in the answer', () => {
    expect(withHeld(answer, null)).toBe(answer);
    expect(withHeld(answer, '2030-01-08T02:00:00.000Z')).toBe(answer);
    expect(withHeld(answer, '2030-02-01T03:00:00.000Z')).toBe(answer);
  });
});
