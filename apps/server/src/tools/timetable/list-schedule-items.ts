import type { ScheduleItem } from '@guildhall/contracts/timetable';
import type { TimetableDeps } from './timetable-deps';
import { ITEM_COLUMNS } from './timetable-tables';

/** The owner's weekly classes in day and time order (the calendar's subject names, the demo seed). */
export async function listScheduleItems(deps: Pick<TimetableDeps, 'db'>, ownerId: number): Promise<ScheduleItem[]> {
  return deps.db
    .selectFrom('timetable_schedule_items')
    .select(ITEM_COLUMNS)
    .where('owner_id', '=', ownerId)
    .orderBy('day_of_week')
    .orderBy('start_time')
    .execute();
}
