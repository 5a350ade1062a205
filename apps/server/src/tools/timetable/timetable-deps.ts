import type { AppContext } from '@server/core/context';
import { FeedTokenStore } from '@server/core/auth/feed-tokens';
import { toolDb } from '@server/core/db/tool-db';
import type { TimetableDb, TimetableTables } from './timetable-tables';
import { type SchoolSettings, timetableSettings } from './timetable-settings';

/** The homework feeds' kind in core's feed_tokens; the owner is the school account id (as text). */
export const HOMEWORK_FEED_KIND = 'timetable-homework';

/**
 * What every timetable service needs: its tables, the school's settings and the clock. Every query
 * takes the owner (school account id) and filters on it, so one student never reaches another's rows
 * (the issue: "nobody reads or writes another's").
 */
export interface TimetableDeps {
  db: TimetableDb;
  settings: SchoolSettings;
  now: () => number;
  /** Students' private homework-feed tokens (core, shared with other tools' feeds). */
  feeds: FeedTokenStore;
}

/** Built once when the tool registers (and by its seed and CLI command), decision 0016. */
export function makeTimetableDeps(ctx: AppContext): TimetableDeps {
  return {
    db: toolDb<TimetableTables>(ctx.database),
    settings: timetableSettings(ctx.config),
    now: ctx.now,
    feeds: new FeedTokenStore(ctx.database.db, HOMEWORK_FEED_KIND, ctx.now),
  };
}
