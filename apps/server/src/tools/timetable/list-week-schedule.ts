import type { ScheduleAnswer, ScheduleQuery } from '@guildhall/contracts/timetable';
import { ENGLISH_DAY_NAMES, isWeekStart } from '@guildhall/contracts/timetable-rules';
import { DomainError } from '../../core/errors/domain-error';
import type { TimetableDeps } from './timetable-deps';

/** 002 §7 GET /schedule?week_start={date}: the owner's classes with that week's overrides applied. */
export async function listWeekSchedule(deps: TimetableDeps, ownerId: number, query: ScheduleQuery): Promise<ScheduleAnswer> {
  assertWeekStart(deps, query.week_start, 'week_start');
  return deps.store.listWeek(ownerId, query.week_start);
}

/** 002 §9: weeks start on the configured day (Monday by default); any other date is refused by name. */
export function assertWeekStart(deps: Pick<TimetableDeps, 'settings'>, date: string, field: string): void {
  if (!isWeekStart(date, deps.settings.weekStartsOn)) {
    throw new DomainError('invalid_input', `${field}: must be the first day of a week (a ${ENGLISH_DAY_NAMES[deps.settings.weekStartsOn - 1]}).`);
  }
}
