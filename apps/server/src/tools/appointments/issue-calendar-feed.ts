import type { CalendarFeedAnswer } from '@guildhall/contracts/appointments';
import type { AppointmentsDeps } from './appointments-deps';

export const FEED_PATH_PREFIX = '/bureau/worker/calendar/';

/**
 * A private iCalendar feed URL for one staff member. Calendar apps cannot send our session cookie,
 * so the feed is authenticated by a secret in its URL (core feed tokens: only its hash is stored,
 * issuing a new one revokes the old); the feed also stops working when the bureau-staff grant is
 * revoked (routes.ts).
 */
export async function issueCalendarFeed(
  deps: Pick<AppointmentsDeps, 'feeds' | 'publicUrl'>,
  discordId: string,
): Promise<CalendarFeedAnswer> {
  const { token } = await deps.feeds.issue(discordId);
  return { url: `${deps.publicUrl}${FEED_PATH_PREFIX}${token}.ics` };
}
