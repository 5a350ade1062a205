import type { OverrideSummaryEntry } from '@guildhall/contracts/timetable';
import type { TimetableDeps } from './timetable-deps';

/** 002 §2 Subject Summary, from 002 §7 GET /overrides/all: the owner's overrides with their subject. */
export async function listOverrideSummary(deps: Pick<TimetableDeps, 'db'>, ownerId: number): Promise<OverrideSummaryEntry[]> {
  return deps.db
    .selectFrom('timetable_overrides as o')
    .innerJoin('timetable_schedule_items as i', 'i.id', 'o.schedule_item_id')
    .select(['i.subject_name', 'i.subject_code', 'o.week_start_date', 'i.day_of_week', 'o.status', 'o.notes'])
    .where('o.owner_id', '=', ownerId)
    .where('i.owner_id', '=', ownerId)
    .orderBy('i.subject_name')
    .orderBy('i.subject_code')
    .orderBy('o.week_start_date')
    .orderBy('i.day_of_week')
    .orderBy('i.start_time')
    .execute();
}
