import { describe, expect, it } from 'vitest';
import type { RecordsData } from '../api/search-records';
import { applyRecordsChange, matchesFilter } from './records-live';

const pair = (d: string, r = '1') => ({ discordId: d, robloxId: r });
const data = (pages: Array<{ ids: string[]; next: string | null }>): RecordsData => ({
  pages: pages.map((p) => ({ items: p.ids.map((id) => pair(id)), nextCursor: p.next })),
  pageParams: pages.map(() => null),
});
const ids = (d: RecordsData | undefined) => d?.pages.map((p) => p.items.map((i) => i.discordId));
const all = { type: 'discord' as const, q: '' };

describe('applyRecordsChange (001 §4 live list)', () => {
  it('inserts a new pair in Discord-id order within the loaded pages', () => {
    const before = data([
      { ids: ['100', '300'], next: '300' },
      { ids: ['400', '600'], next: null },
    ]);
    expect(ids(applyRecordsChange(before, { kind: 'pair.upserted', discordId: '500', robloxId: '9' }, all))).toEqual([
      ['100', '300'],
      ['400', '500', '600'],
    ]);
    expect(ids(applyRecordsChange(before, { kind: 'pair.upserted', discordId: '200', robloxId: '9' }, all))).toEqual([
      ['100', '200', '300'],
      ['400', '600'],
    ]);
    expect(ids(applyRecordsChange(before, { kind: 'pair.upserted', discordId: '700', robloxId: '9' }, all))).toEqual([
      ['100', '300'],
      ['400', '600', '700'],
    ]);
  });

  it('leaves a pair past the loaded range to the next page', () => {
    const before = data([{ ids: ['100', '300'], next: '300' }]);
    expect(ids(applyRecordsChange(before, { kind: 'pair.upserted', discordId: '500', robloxId: '9' }, all))).toEqual([['100', '300']]);
  });

  it('removes a deleted pair, replaces a changed one, and skips pairs the search does not match', () => {
    const before = data([{ ids: ['100', '300'], next: null }]);
    expect(ids(applyRecordsChange(before, { kind: 'pair.deleted', discordId: '100' }, all))).toEqual([['300']]);
    const changed = applyRecordsChange(before, { kind: 'pair.upserted', discordId: '100', robloxId: '77' }, all);
    expect(changed?.pages[0]?.items).toEqual([pair('100', '77'), pair('300')]);
    expect(
      ids(applyRecordsChange(before, { kind: 'pair.upserted', discordId: '200', robloxId: '9' }, { type: 'roblox', q: '55' })),
    ).toEqual([['100', '300']]);
  });

  it('matches like the server: trimmed substring on the chosen id', () => {
    expect(matchesFilter(pair('123456', '789'), { type: 'discord', q: ' 345 ' })).toBe(true);
    expect(matchesFilter(pair('123456', '789'), { type: 'roblox', q: '345' })).toBe(false);
  });
});
