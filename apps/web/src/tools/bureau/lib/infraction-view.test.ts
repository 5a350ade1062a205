import { describe, expect, it } from 'vitest';
import { formatWhen } from './case-view';
import { formatInfractionDate, toInfractionCardView } from './infraction-view';

describe('infraction cards (001 §2 Infraction variant)', () => {
  it('holds the platform and date in the header, then moderator, reason and note in the body', () => {
    const view = toInfractionCardView({
      platform: 'Roblox',
      id: 1_712_345_600_000,
      date: '2024-04-05T19:33:20.000Z',
      moderator: 'ModeratorAnna',
      reason: 'Blocking the platform doors',
      note: 'Second warning',
    });
    expect(view).toEqual({
      key: 'Roblox-1712345600000',
      platform: 'Roblox',
      date: '5 Apr 2024, 19:33 UTC',
      rows: [
        { label: 'Moderator', value: 'ModeratorAnna' },
        { label: 'Reason', value: 'Blocking the platform doors' },
        { label: 'Note', value: 'Second warning' },
      ],
    });
  });

  it("leaves the reason out when absent, reads a missing note as 'N/A' and a missing moderator as 'Unknown'", () => {
    const view = toInfractionCardView({
      platform: 'Discord',
      id: 1,
      date: '1970-01-01T00:00:01.000Z',
      moderator: '  ',
      reason: ' ',
      note: null,
    });
    expect(view.rows).toEqual([
      { label: 'Moderator', value: 'Unknown' },
      { label: 'Note', value: 'N/A' },
    ]);
  });

  // Decision 0069: a name keeps to one line; a reason and a note keep the lines they were written in.
  it('writes out a line break in the moderator, and keeps those of the reason and the note', () => {
    const view = toInfractionCardView({
      platform: 'Roblox',
      id: 1,
      date: '2024-04-05T19:33:20.000Z',
      moderator: 'Mod\nAnna',
      reason: 'First\nSecond',
      note: 'One\nTwo',
    });
    expect(view.rows).toEqual([
      { label: 'Moderator', value: 'Mod[U+000A]Anna' },
      { label: 'Reason', value: 'First\nSecond' },
      { label: 'Note', value: 'One\nTwo' },
    ]);
  });

  // Decision 0069: as the PDF prints them (the same rule, showStoredLines), a run of blank lines shows
  // as one and a text of blank lines only as none.
  it('shows a run of blank lines as one, and a note of blank lines only as N/A', () => {
    const view = toInfractionCardView({
      platform: 'Roblox',
      id: 1,
      date: '2024-04-05T19:33:20.000Z',
      moderator: 'ModeratorAnna',
      reason: `First${'\n'.repeat(200)}Second`,
      note: '\n\u200b\n\n',
    });
    expect(view.rows).toEqual([
      { label: 'Moderator', value: 'ModeratorAnna' },
      { label: 'Reason', value: 'First\n\nSecond' },
      { label: 'Note', value: 'N/A' },
    ]);
  });

  it('keeps Thai text as it is', () => {
    const view = toInfractionCardView({
      platform: 'Discord',
      id: 1_704_567_800_000,
      date: '2024-01-06T19:03:20.000Z',
      moderator: 'ผู้ดูแล สมชาย',
      reason: null,
      note: 'ขอให้สุภาพในห้องแชท',
    });
    expect(view.rows).toEqual([
      { label: 'Moderator', value: 'ผู้ดูแล สมชาย' },
      { label: 'Note', value: 'ขอให้สุภาพในห้องแชท' },
    ]);
  });

  it("shows the date in UTC, labelled, exactly as the Cases cards show it; 'Unknown' for an id that is no date", () => {
    // The audit saw 'Nov 25, 2026, 12:21 AM' (reader's zone, no label) on an Infractions card beside
    // '24 Nov 2026, 17:21 UTC' on the Cases card for the same infraction. Same instant, same text.
    const iso = '2026-11-24T17:21:00.000Z';
    expect(formatInfractionDate(iso)).toBe('24 Nov 2026, 17:21 UTC');
    expect(formatInfractionDate(iso)).toBe(formatWhen(Date.parse(iso)));
    // Just after midnight UTC stays on its UTC day (a zone west of UTC would show the day before).
    expect(formatInfractionDate('2024-03-09T00:30:00.000Z')).toBe('9 Mar 2024, 00:30 UTC');
    expect(formatInfractionDate(null)).toBe('Unknown');
    expect(formatInfractionDate('garbage')).toBe('Unknown');
  });
});
