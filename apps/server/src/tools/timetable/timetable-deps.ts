import type { FeedTokenStore } from '../../core/auth/feed-tokens';
import type { TimetableStore } from './timetable-store';
import type { SchoolSettings } from './timetable-settings';

/** The homework feeds' kind in core's feed_tokens; the owner is the school account id (as text). */
export const HOMEWORK_FEED_KIND = 'timetable-homework';

/** What every timetable service needs: the store, the school's settings and the clock. */
export interface TimetableDeps {
  store: TimetableStore;
  settings: SchoolSettings;
  now: () => number;
  /** Students' private homework-feed tokens (core, shared with other tools' feeds). */
  feeds: FeedTokenStore;
}
