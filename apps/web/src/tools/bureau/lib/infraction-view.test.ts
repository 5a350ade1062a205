import { describe, expect, it } from 'vitest';
import { formatInfractionDate, toInfractionCardView } from './infraction-view';

const utc = { locale: 'en-GB', timeZone: 'UTC' };

describe('infraction cards (001 §2 Infraction variant)', () => {
  it('holds the platform and date in the header, then moderator, reason and note in the body', () => {
    const view = toInfractionCardView(
      {
        platform: 'Roblox',
        id: 1_710_000_000_000,
        date: '2024-03-09T16:00:00.000Z',
        moderator: 'ModeratorMike',
        reason: 'Derailing trains on purpose',
        note: 'Third warning',
      },
      utc,
    );
    expect(view).toEqual({
      key: 'Roblox-1710000000000',
      platform: 'Roblox',
      date: '9 Mar 2024, 16:00',
      rows: [
        { label: 'Moderator', value: 'ModeratorMike' },
        { label: 'Reason', value: 'Derailing trains on purpose' },
        { label: 'Note', value: 'Third warning' },
      ],
    });
  });

  it("leaves the reason out when absent, reads a missing note as 'N/A' and a missing moderator as 'Unknown'", () => {
    const view = toInfractionCardView(
      { platform: 'Discord', id: 1, date: '1970-01-01T00:00:01.000Z', moderator: '  ', reason: ' ', note: null },
      utc,
    );
    expect(view.rows).toEqual([
      { label: 'Moderator', value: 'Unknown' },
      { label: 'Note', value: 'N/A' },
    ]);
  });

  it('keeps Thai text as it is', () => {
    const view = toInfractionCardView(
      {
        platform: 'Discord',
        id: 1_705_000_000_000,
        date: '2024-01-11T19:06:40.000Z',
        moderator: 'ผู้ดูแล สมศรี',
        reason: null,
        note: 'ตักเตือนด้วยวาจา',
      },
      utc,
    );
    expect(view.rows).toEqual([
      { label: 'Moderator', value: 'ผู้ดูแล สมศรี' },
      { label: 'Note', value: 'ตักเตือนด้วยวาจา' },
    ]);
  });

  it("shows the date in the reader's zone, and 'Unknown' for an id that is no date", () => {
    expect(formatInfractionDate('2024-03-09T16:00:00.000Z', { locale: 'en-GB', timeZone: 'Asia/Bangkok' })).toBe('9 Mar 2024, 23:00');
    expect(formatInfractionDate(null, utc)).toBe('Unknown');
    expect(formatInfractionDate('garbage', utc)).toBe('Unknown');
  });
});
