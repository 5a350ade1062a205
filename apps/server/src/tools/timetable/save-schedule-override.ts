import type { z } from 'zod';
import type { OverrideAnswer, OverrideRequest } from '@guildhall/contracts/timetable';
import { NOTES_LOCKED_TIP, canEditNotes, isPastDay, weekStartOfDate } from '@guildhall/contracts/timetable-rules';
import { DomainError } from '../../core/errors/domain-error';
import type { TimetableDeps } from './timetable-deps';
import { assertWeekStart } from './list-week-schedule';

export type ParsedOverride = z.output<typeof OverrideRequest>;

/**
 * 002 §7 POST /schedule/override: sets a class's status and notes for one week. The server holds the
 * rules the page mirrors: the class must be the student's own, the week a real week of the term,
 * notes only change up to next week (002 §5), and a past day's status is fixed (002 §4).
 */
export async function saveScheduleOverride(deps: TimetableDeps, ownerId: number, input: ParsedOverride): Promise<OverrideAnswer> {
  assertWeekStart(deps, input.week_start_date, 'week_start_date');
  const { settings } = deps;
  if (input.week_start_date < weekStartOfDate(settings.termStart, settings.weekStartsOn)) {
    throw new DomainError('invalid_input', 'week_start_date: that week is before the start of term.');
  }
  const item = await deps.store.findItem(ownerId, input.schedule_item_id);
  if (!item) throw new DomainError('not_found', 'That class is not in your timetable.');

  const saved = await deps.store.findOverride(ownerId, item.id, input.week_start_date);
  const currentStatus = saved?.status ?? item.status;
  const currentNotes = saved?.notes ?? item.notes;
  const now = deps.now();

  if (input.notes !== currentNotes && !canEditNotes(input.week_start_date, now, settings)) {
    throw new DomainError('invalid_input', `notes: ${NOTES_LOCKED_TIP}.`);
  }
  if (input.status !== currentStatus && isPastDay(input.week_start_date, item.day_of_week, now, settings)) {
    throw new DomainError('invalid_input', 'status: a past class keeps its status.');
  }
  return deps.store.upsertOverride(ownerId, {
    schedule_item_id: item.id,
    week_start_date: input.week_start_date,
    status: input.status,
    notes: input.notes,
  });
}
