import { hashToken } from '../../core/auth/session-store';
import type { AppointmentsDeps } from './appointments-deps';

/** The Discord id a feed token was issued to, or null for an unknown or replaced token. */
export async function findCalendarFeedOwner(deps: Pick<AppointmentsDeps, 'db'>, token: string): Promise<string | null> {
  if (!/^[\w-]{20,64}$/.test(token)) return null;
  const row = await deps.db.selectFrom('appointment_feed_tokens').select('discord_id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return row?.discord_id ?? null;
}
