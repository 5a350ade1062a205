import type { Homework } from '@guildhall/contracts/timetable';
import type { TimetableDeps } from './timetable-deps';

/** 002 §7 GET /homework: the owner's homework, soonest due first. */
export async function listHomework(deps: TimetableDeps, ownerId: number): Promise<Homework[]> {
  return deps.store.listHomework(ownerId);
}
