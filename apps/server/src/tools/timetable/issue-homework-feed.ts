import type { HomeworkFeedAnswer } from '@guildhall/contracts/timetable';
import type { TimetableDeps } from './timetable-deps';

export const HOMEWORK_FEED_PATH = '/timetable/api/feed/';

/**
 * A private iCalendar subscription URL for the owner's homework. Calendar apps cannot send our
 * session, so the URL carries a random secret (core feed tokens: only its hash is stored, and
 * issuing a new one revokes the old, as for the appointments staff feed).
 */
export async function issueHomeworkFeed(
  deps: Pick<TimetableDeps, 'feeds'>,
  ownerId: number,
  publicUrl: string,
): Promise<HomeworkFeedAnswer> {
  const { token } = await deps.feeds.issue(String(ownerId));
  return { url: `${publicUrl.replace(/\/+$/, '')}${HOMEWORK_FEED_PATH}${token}.ics` };
}
