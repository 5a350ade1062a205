import { describe, expect, it } from 'vitest';
import { freeSeat, seatsInUse } from './seats-in-use';

// Decision 0052: a seat is taken for a booking's whole length. Minutes stand in for epoch ms here.
describe('seats in use over a range', () => {
  it('counts the most rows overlapping at one instant, not the rows sharing the start', () => {
    // 10:00-10:30 booked; the 45-minute slot 09:45-10:30 lies across it.
    expect(seatsInUse([{ starts_at: 600, ends_at: 630 }], 585, 630)).toBe(1);
    // One seat used 09:00-09:30 and another 09:30-10:00: 09:15-09:45 meets both, but one at a time.
    const apart = [
      { starts_at: 540, ends_at: 570 },
      { starts_at: 570, ends_at: 600 },
    ];
    expect(seatsInUse(apart, 555, 585)).toBe(1);
    // A booking ending as the range starts, or starting as it ends, is not in it.
    expect(seatsInUse(apart, 600, 630)).toBe(0);
  });

  it('weighs a range read grouped with its count as that many rows', () => {
    const grouped = [
      { starts_at: 600, ends_at: 630, n: 3 },
      { starts_at: 615, ends_at: 645, n: 2 },
    ];
    expect(seatsInUse(grouped, 600, 630)).toBe(5);
    expect(seatsInUse(grouped, 630, 660)).toBe(2);
    expect(seatsInUse(grouped, 585, 615)).toBe(3);
  });

  it('finds a seat only while fewer than the capacity are in use, preferring the freed one', () => {
    const rows = [
      { starts_at: 600, ends_at: 630, seat: 1 },
      { starts_at: 600, ends_at: 630, seat: 2 },
    ];
    expect(freeSeat(rows, 585, 630, 2)).toBeNull();
    expect(freeSeat(rows, 585, 630, 3)).toBe(3);
    expect(freeSeat(rows.slice(1), 585, 630, 2, 1)).toBe(1);
  });
});
