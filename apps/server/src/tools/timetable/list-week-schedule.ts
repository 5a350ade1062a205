import type { ScheduleAnswer, ScheduleQuery, TimetableRefusalReason } from '@guildhall/contracts/timetable';
import { ENGLISH_DAY_NAMES, isWeekStart } from '@guildhall/contracts/timetable-rules';
import { DomainError } from '@server/core/errors/domain-error';
import type { TimetableDeps } from './timetable-deps';

/** 002 §7 GET /schedule?week_start={date}: the owner's classes with that week's overrides applied. */
export async function listWeekSchedule(deps: TimetableDeps, ownerId: number, query: ScheduleQuery): Promise<ScheduleAnswer> {
  assertWeekStart(deps, query.week_start, 'week_start');
  const weekStart = query.week_start;
  const rows = await deps.db
    .selectFrom('timetable_schedule_items as i')
    .leftJoin('timetable_overrides as o', (join) => join.onRef('o.schedule_item_id', '=', 'i.id').on('o.week_start_date', '=', weekStart))
    .select(['i.id', 'i.subject_code', 'i.subject_name', 'i.day_of_week', 'i.start_time', 'i.end_time', 'i.room', 'i.status', 'i.notes'])
    .select(['o.status as override_status', 'o.notes as override_notes'])
    .where('i.owner_id', '=', ownerId)
    .orderBy('i.day_of_week')
    .orderBy('i.start_time')
    .execute();
  return rows.map(({ override_status, override_notes, ...item }) => ({
    ...item,
    status: override_status ?? item.status,
    notes: override_notes ?? item.notes,
  }));
}

/** 002 §9: weeks start on the configured day (Monday by default); any other date is refused by name. */
export function assertWeekStart(deps: Pick<TimetableDeps, 'settings'>, date: string, field: string): void {
  if (!isWeekStart(date, deps.settings.weekStartsOn)) {
    throw new DomainError(
      'invalid_input',
      `${field}: must be the first day of a week (a ${ENGLISH_DAY_NAMES[deps.settings.weekStartsOn - 1]}).`,
      { reason: 'not_week_start' satisfies TimetableRefusalReason, field, weekday: deps.settings.weekStartsOn },
    );
  }
}
