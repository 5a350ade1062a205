import type { TimetableDeps } from './timetable-deps';

/** Turns the owner's homework subscription URL off; calendars that use it get a 404 from now on. */
export async function revokeHomeworkFeed(deps: Pick<TimetableDeps, 'feeds'>, ownerId: number): Promise<{ ok: true }> {
  // Turning off a feed that is already off is not an error: the outcome the person asked for holds.
  await deps.feeds.revoke(String(ownerId));
  return { ok: true };
}
