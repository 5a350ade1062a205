import crypto from 'node:crypto';
import type { CalendarFeedAnswer } from '@guildhall/contracts/appointments';
import { hashToken } from '../../core/auth/session-store';
import type { AppointmentsDeps } from './appointments-deps';

export const FEED_PATH_PREFIX = '/bureau/worker/calendar/';

/**
 * A private iCalendar feed URL for one staff member. Calendar apps cannot send our session cookie,
 * so the feed is authenticated by a secret in its URL; only its hash is stored, issuing a new one
 * revokes the old, and the feed stops working when the bureau-staff grant is revoked.
 */
export async function issueCalendarFeed(deps: Pick<AppointmentsDeps, 'db' | 'now' | 'publicUrl'>, discordId: string): Promise<CalendarFeedAnswer> {
  const token = crypto.randomBytes(24).toString('base64url');
  await deps.db
    .insertInto('appointment_feed_tokens')
    .values({ discord_id: discordId, token_hash: hashToken(token), created_at: deps.now() })
    .onConflict((oc) => oc.column('discord_id').doUpdateSet({ token_hash: hashToken(token), created_at: deps.now() }))
    .execute();
  return { url: `${deps.publicUrl}${FEED_PATH_PREFIX}${token}.ics` };
}
