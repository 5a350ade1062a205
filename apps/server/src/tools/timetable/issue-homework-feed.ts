import crypto from 'node:crypto';
import type { HomeworkFeedAnswer } from '@guildhall/contracts/timetable';
import { hashToken } from '../../core/auth/session-store';
import type { TimetableDeps } from './timetable-deps';

export const HOMEWORK_FEED_PATH = '/timetable/api/feed/';

/**
 * A private iCalendar subscription URL for the owner's homework. Calendar apps cannot send our
 * session, so the URL carries a random secret; only its hash is stored, and issuing a new one
 * revokes the old (the same approach as the appointments staff feed; see the report on moving it
 * to core).
 */
export async function issueHomeworkFeed(deps: Pick<TimetableDeps, 'store'>, ownerId: number, publicUrl: string): Promise<HomeworkFeedAnswer> {
  const token = crypto.randomBytes(24).toString('base64url');
  await deps.store.saveFeedToken(ownerId, hashToken(token));
  return { url: `${publicUrl.replace(/\/+$/, '')}${HOMEWORK_FEED_PATH}${token}.ics` };
}
