import type { RecordsChangeEvent, RecordsPair } from '@guildhall/contracts/bureau';
import type { RecordsData, RecordsFilter } from '../api/search-records';

/** 001 §5, as the server applies it: trimmed, case-insensitive substring on the chosen id. */
export function matchesFilter(pair: RecordsPair, filter: RecordsFilter): boolean {
  const needle = filter.q.trim().toLowerCase();
  const value = filter.type === 'discord' ? pair.discordId : pair.robloxId;
  return value.toLowerCase().includes(needle);
}

/**
 * 001 §4 "The Verification list is read live": applies one change to the pages loaded so far. A new
 * pair goes to its place in Discord-id order if that place is within what is loaded (past the last
 * loaded row, the next page will bring it); a removed pair leaves wherever it is.
 */
export function applyRecordsChange(
  data: RecordsData | undefined,
  change: RecordsChangeEvent,
  filter: RecordsFilter,
): RecordsData | undefined {
  if (!data || change.kind === 'reload') return data;
  const pages = data.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.discordId !== change.discordId) }));
  if (change.kind === 'pair.upserted') {
    const pair = { discordId: change.discordId, robloxId: change.robloxId };
    if (matchesFilter(pair, filter)) {
      const lastPage = pages[pages.length - 1];
      const hasMore = Boolean(lastPage?.nextCursor);
      const index = pages.findIndex((page, i) => {
        const last = page.items[page.items.length - 1];
        return (last !== undefined && compareIds(pair.discordId, last.discordId) < 0) || (i === pages.length - 1 && !hasMore);
      });
      const page = pages[index];
      if (page) {
        const at = page.items.findIndex((p) => compareIds(pair.discordId, p.discordId) < 0);
        page.items.splice(at === -1 ? page.items.length : at, 0, pair);
      }
    }
  }
  return { ...data, pages };
}

/** The server orders ids as text (the registry key), so the page does too. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
