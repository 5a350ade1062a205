import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGE, formatBanDate, orUnknown, toCheckerView } from './checker-view';

const utc = { locale: 'en-GB', timeZone: 'UTC' };

describe('formatBanDate (001 §9: ban time is seconds since epoch)', () => {
  it('reads the time as seconds, not milliseconds', () => {
    expect(formatBanDate(1_722_470_400, utc)).toBe('1 Aug 2024, 00:00');
  });

  it('follows the requested time zone', () => {
    expect(formatBanDate(1_722_470_400, { locale: 'en-GB', timeZone: 'Asia/Bangkok' })).toBe('1 Aug 2024, 07:00');
  });

  it("says 'Unknown' for a missing or impossible time", () => {
    for (const value of [null, undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY, 1e20]) {
      expect(formatBanDate(value, utc)).toBe('Unknown');
    }
  });
});

describe('orUnknown (001 §2: absent values read Unknown)', () => {
  it('keeps real text and replaces null, empty and blank', () => {
    expect(orUnknown('DerailDan')).toBe('DerailDan');
    expect(orUnknown(' สมชาย ')).toBe('สมชาย');
    expect(orUnknown(null)).toBe('Unknown');
    expect(orUnknown(undefined)).toBe('Unknown');
    expect(orUnknown('   ')).toBe('Unknown');
  });
});

describe('toCheckerView (001 §2 result cards)', () => {
  it('shows the Not Found card with the spec text', () => {
    const view = toCheckerView({ result: 'not_found' });
    expect(view).toMatchObject({ tone: 'neutral', title: 'Not Found', robloxStatus: null, ban: null, accounts: [] });
    expect(view.message).toBe(NOT_FOUND_MESSAGE);
    expect(NOT_FOUND_MESSAGE).toBe('The user with the provided ID was not found in the verification or ban database.');
  });

  it('shows a clear verified user in green with both accounts, unknown names as Unknown', () => {
    const view = toCheckerView({
      result: 'verified',
      discord: { id: '123456789012345678', username: null },
      roblox: { id: '1200003', username: 'SignalSam' },
      ban: null,
    });
    expect(view.tone).toBe('success');
    expect(view.title).toBe('User Verified');
    expect(view.accounts).toEqual([
      { label: 'Discord Username', value: 'Unknown' },
      { label: 'Discord ID', value: '123456789012345678' },
      { label: 'Roblox Username', value: 'SignalSam' },
      { label: 'Roblox ID', value: '1200003' },
    ]);
    expect(view.robloxStatus).toBe('Clear');
    expect(view.ban).toBeNull();
  });

  it('shows a banned verified user with moderator, reason and date', () => {
    const view = toCheckerView(
      {
        result: 'verified',
        discord: { id: '1', username: 'derail.dan' },
        roblox: { id: '1200005', username: 'DerailDan' },
        ban: { isBanned: true, moderator: 'ModeratorMike', reason: 'Derailing trains on purpose', time: 1_722_470_400 },
      },
      utc,
    );
    expect(view.robloxStatus).toBe('Banned');
    expect(view.ban).toEqual([
      { label: 'Moderator', value: 'ModeratorMike' },
      { label: 'Reason', value: 'Derailing trains on purpose' },
      { label: 'Date', value: '1 Aug 2024, 00:00' },
    ]);
  });

  // Decision 0069: a bot's text; a U+202E in it turned the card's next lines around.
  it("writes out direction controls and stacked marks in a ban's moderator and reason", () => {
    // The ban card's moderator and reason for a verified pair with this ban.
    const banText = (moderator: string, reason: string) =>
      toCheckerView(
        {
          result: 'verified',
          discord: { id: '1', username: 'a' },
          roblox: { id: '2', username: 'b' },
          ban: { isBanned: true, moderator, reason, time: 1_722_470_400 },
        },
        utc,
      ).ban?.slice(0, 2);
    expect(banText('Mod\u202e', `Spam${'\u0301'.repeat(6)}`)).toEqual([
      { label: 'Moderator', value: 'Mod[U+202E]' },
      { label: 'Reason', value: `Spam${'\u0301'.repeat(4)}[U+0301][U+0301]` },
    ]);
    // A name keeps to one line; a reason keeps the lines it was written in.
    expect(banText('Mod\nX', 'One\nTwo')?.map((row) => row.value)).toEqual(['Mod[U+000A]X', 'One\nTwo']);
    // Blank lines run together, and a reason of invisible characters alone reads Unknown (it showed blank).
    expect(banText('M', '\n\nOne\n\n\nTwo\n')?.[1]?.value).toBe('One\n\nTwo');
    expect(banText('M', '\u200b\n\u2800')?.[1]?.value).toBe('Unknown');
  });

  it('treats a lifted ban (isBanned false) as Clear with no ban details', () => {
    const view = toCheckerView({
      result: 'verified',
      discord: { id: '1', username: 'a' },
      roblox: { id: '2', username: 'b' },
      ban: { isBanned: false, moderator: 'M', reason: 'R', time: 1 },
    });
    expect(view.robloxStatus).toBe('Clear');
    expect(view.ban).toBeNull();
  });

  it('shows an unpaired ban as User Not Verified in amber, every absent ban field Unknown', () => {
    const view = toCheckerView(
      {
        result: 'not_verified',
        roblox: { id: '1200099', username: 'EvasiveEve' },
        ban: { isBanned: true, moderator: null, reason: null, time: null },
      },
      utc,
    );
    expect(view.tone).toBe('warning');
    expect(view.title).toBe('User Not Verified');
    expect(view.accounts).toEqual([
      { label: 'Roblox Username', value: 'EvasiveEve' },
      { label: 'Roblox ID', value: '1200099' },
    ]);
    expect(view.robloxStatus).toBe('Banned');
    expect(view.ban).toEqual([
      { label: 'Moderator', value: 'Unknown' },
      { label: 'Reason', value: 'Unknown' },
      { label: 'Date', value: 'Unknown' },
    ]);
  });
});
