import { tokenFromFeedFile } from '@server/core/auth/feed-tokens';
import type { SchoolAccount, SchoolAccountStore } from '@server/core/auth/school-account-store';
import type { TimetableDeps } from './timetable-deps';

/** The school account a feed file name ('<token>.ics') belongs to, or null for anything else. */
export async function findHomeworkFeedOwner(
  deps: Pick<TimetableDeps, 'feeds'>,
  accounts: Pick<SchoolAccountStore, 'findById'>,
  file: string,
): Promise<SchoolAccount | null> {
  const token = tokenFromFeedFile(file);
  const owner = token === null ? null : await deps.feeds.findOwner(token);
  const id = owner === null ? NaN : Number(owner.ownerId);
  if (!owner || !Number.isSafeInteger(id)) return null;
  const account = await accounts.findById(id);
  // core's feed_tokens cannot cascade on a school account's deletion as the old tool table did, and
  // SQLite may hand a deleted account's id to a new one; an account younger than the token is not
  // the one it was issued to (002 §6: nobody reads another's homework).
  if (!account || account.createdAt > owner.createdAt) return null;
  return account;
}
