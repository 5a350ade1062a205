import { describe, expect, it } from 'vitest';
import { formatInfractionDate, toInfractionCardView } from './infraction-view';

const utc = { locale: 'en-GB', timeZone: 'UTC' };

describe('infraction cards (001 §2 Infraction variant)', () => {
  it('holds the platform and date in the header, then moderator, reason and note in the body', () => {
    const view = toInfractionCardView(
      {
        platform: 'Roblox',
        id: 1_712_345_600_000,
        date: '2024-04-05T19:33:20.000Z',
        moderator: 'ModeratorAnna',
        reason: 'Blocking the platform doors',
        note: 'Second warning',
      },
      utc,
    );
    expect(view).toEqual({
      key: 'Roblox-1712345600000',
      platform: 'Roblox',
      date: '5 Apr 2024, 19:33',
      rows: [
        { label: 'Moderator', value: 'ModeratorAnna' },
        { label: 'Reason', value: 'Blocking the platform doors' },
        { label: 'Note', value: 'Second warning' },
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
        id: 1_704_567_800_000,
        date: '2024-01-06T19:03:20.000Z',
        moderator: 'ผู้ดูแล สมชาย',
        reason: null,
        note: 'ขอให้สุภาพในห้องแชท',
      },
      utc,
    );
    expect(view.rows).toEqual([
      { label: 'Moderator', value: 'ผู้ดูแล สมชาย' },
      { label: 'Note', value: 'ขอให้สุภาพในห้องแชท' },
    ]);
  });

  it("shows the date in the reader's zone, and 'Unknown' for an id that is no date", () => {
    expect(formatInfractionDate('2024-03-09T16:00:00.000Z', { locale: 'en-GB', timeZone: 'Asia/Bangkok' })).toBe('9 Mar 2024, 23:00');
    expect(formatInfractionDate(null, utc)).toBe('Unknown');
    expect(formatInfractionDate('garbage', utc)).toBe('Unknown');
  });
});
