import type { HomeworkFeedStatusAnswer } from '@guildhall/contracts/timetable';
import type { TimetableDeps } from './timetable-deps';

/** Whether the owner has a live subscription URL (the URL itself cannot be shown again: only its hash is kept). */
export async function readHomeworkFeedStatus(deps: Pick<TimetableDeps, 'store'>, ownerId: number): Promise<HomeworkFeedStatusAnswer> {
  const row = await deps.store.findFeedToken(ownerId);
  return { active: row !== null, createdAt: row?.created_at ?? null };
}
