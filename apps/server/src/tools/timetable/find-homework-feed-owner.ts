import { hashToken } from '../../core/auth/session-store';
import type { TimetableDeps } from './timetable-deps';

/** The school account a feed file name ('<token>.ics') belongs to, or null for anything else. */
export async function findHomeworkFeedOwner(deps: Pick<TimetableDeps, 'store'>, file: string): Promise<number | null> {
  const match = /^([\w-]{20,64})\.ics$/.exec(file);
  if (!match) return null;
  return deps.store.findFeedOwner(hashToken(match[1]!));
}
