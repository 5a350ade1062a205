import { tokenFromFeedFile } from '@server/core/auth/feed-tokens';
import type { AppointmentsDeps } from './appointments-deps';

/** The Discord id a feed file name ('<token>.ics') was issued to, or null for anything else. */
export async function findCalendarFeedOwner(deps: Pick<AppointmentsDeps, 'feeds'>, file: string): Promise<string | null> {
  const token = tokenFromFeedFile(file);
  if (token === null) return null;
  return (await deps.feeds.findOwner(token))?.ownerId ?? null;
}
