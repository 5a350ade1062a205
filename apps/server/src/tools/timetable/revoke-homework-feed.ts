import type { TimetableDeps } from './timetable-deps';

/** Turns the owner's homework subscription URL off; calendars that use it get a 404 from now on. */
export async function revokeHomeworkFeed(deps: Pick<TimetableDeps, 'store'>, ownerId: number): Promise<{ ok: true }> {
  await deps.store.deleteFeedToken(ownerId);
  return { ok: true };
}
