import type { Homework } from '@guildhall/contracts/timetable';
import type { TimetableDeps } from './timetable-deps';
import { HOMEWORK_COLUMNS } from './timetable-tables';

/** 002 §7 GET /homework: the owner's homework, soonest due first. */
export async function listHomework(deps: Pick<TimetableDeps, 'db'>, ownerId: number): Promise<Homework[]> {
  return deps.db
    .selectFrom('timetable_homework')
    .select(HOMEWORK_COLUMNS)
    .where('owner_id', '=', ownerId)
    .orderBy('due_date')
    .orderBy('due_time')
    .orderBy('id')
    .execute();
}
