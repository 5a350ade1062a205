import type { HomeworkFeedStatusAnswer } from '@guildhall/contracts/timetable';
import type { TimetableDeps } from './timetable-deps';

/** Whether the owner has a live subscription URL (the URL itself cannot be shown again: only its hash is kept). */
export async function readHomeworkFeedStatus(deps: Pick<TimetableDeps, 'feeds'>, ownerId: number): Promise<HomeworkFeedStatusAnswer> {
  return deps.feeds.status(String(ownerId));
}
