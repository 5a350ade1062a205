import type { z } from 'zod';
import type { ClassStatus, OverrideAnswer, OverrideRequest, TimetableRefusalReason } from '@guildhall/contracts/timetable';
import { NOTES_LOCKED_TIP, canEditNotes, isPastDay, weekStartOfDate } from '@guildhall/contracts/timetable-rules';
import { DomainError } from '@server/core/errors/domain-error';
import type { TimetableDeps } from './timetable-deps';
import { assertWeekStart } from './list-week-schedule';
import { ITEM_COLUMNS } from './timetable-tables';

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
    throw new DomainError('invalid_input', 'week_start_date: that week is before the start of term.', {
      reason: 'before_term' satisfies TimetableRefusalReason,
    });
  }
  const item = await deps.db
    .selectFrom('timetable_schedule_items')
    .select(ITEM_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('id', '=', input.schedule_item_id)
    .executeTakeFirst();
  if (!item) throw classMissing();

  const saved = await deps.db
    .selectFrom('timetable_overrides')
    .select(['schedule_item_id', 'week_start_date', 'status', 'notes'])
    .where('owner_id', '=', ownerId)
    .where('schedule_item_id', '=', item.id)
    .where('week_start_date', '=', input.week_start_date)
    .executeTakeFirst();
  const currentStatus = saved?.status ?? item.status;
  const currentNotes = saved?.notes ?? item.notes;
  const now = deps.now();
  const { expected } = input;
  // Decision 0057: a save from a tab showing an older status or note is told, before the rules about
  // values it has not seen; the write below checks it again, for a save landing in between.
  if (expected && (expected.status !== currentStatus || expected.notes !== currentNotes)) throw classChanged();

  if (input.notes !== currentNotes && !canEditNotes(input.week_start_date, now, settings)) {
    throw new DomainError('invalid_input', `notes: ${NOTES_LOCKED_TIP}.`, { reason: 'notes_locked' satisfies TimetableRefusalReason });
  }
  if (input.status !== currentStatus && isPastDay(input.week_start_date, item.day_of_week, now, settings)) {
    throw new DomainError('invalid_input', 'status: a past class keeps its status.', {
      reason: 'past_class_status' satisfies TimetableRefusalReason,
    });
  }
  const value = { schedule_item_id: item.id, week_start_date: input.week_start_date, status: input.status, notes: input.notes };
  try {
    return await writeOverride(deps, ownerId, value, expected);
  } catch (error) {
    // Audit (decision 0057): a re-import in another tab removed the class between the read above and
    // this write; PostgreSQL's foreign key refused the override and the save answered 500. The class
    // is gone: the same 404 as for a class that was never there.
    if (isForeignKeyViolation(error)) throw classMissing();
    throw error;
  }
}

/** A foreign-key violation on either dialect (here: the override's class no longer exists). */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

function classMissing(): DomainError {
  return new DomainError('not_found', 'That class is not in your timetable.', { reason: 'class_missing' satisfies TimetableRefusalReason });
}

async function writeOverride(
  deps: Pick<TimetableDeps, 'db' | 'now'>,
  ownerId: number,
  value: Parameters<typeof upsertOverride>[2],
  expected: ParsedOverride['expected'],
): Promise<OverrideAnswer> {
  if (!expected) return upsertOverride(deps, ownerId, value);
  const now = deps.now();
  // Compare-and-set in the write itself: an override row saved since the read above (another tab) is
  // replaced only while it still holds what this page showed.
  const set = { status: value.status, notes: value.notes, updated_at: now };
  const result = await deps.db
    .insertInto('timetable_overrides')
    .values({ owner_id: ownerId, schedule_item_id: value.schedule_item_id, week_start_date: value.week_start_date, ...set })
    .onConflict((oc) =>
      oc
        .columns(['schedule_item_id', 'week_start_date'])
        .doUpdateSet(set)
        .where('timetable_overrides.status', '=', expected.status)
        .where('timetable_overrides.notes', '=', expected.notes),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw classChanged();
  return value;
}

function classChanged(): DomainError {
  return new DomainError('conflict', 'This class was changed in another tab or window since you opened it. Look at it again, then save.', {
    reason: 'class_changed' satisfies TimetableRefusalReason,
  });
}

/** Writes a class's status and notes for one week (the checked save above, or the demo seed). */
export async function upsertOverride(
  deps: Pick<TimetableDeps, 'db' | 'now'>,
  ownerId: number,
  value: { schedule_item_id: number; week_start_date: string; status: ClassStatus; notes: string },
): Promise<OverrideAnswer> {
  const set = { status: value.status, notes: value.notes, updated_at: deps.now() };
  await deps.db
    .insertInto('timetable_overrides')
    .values({ owner_id: ownerId, schedule_item_id: value.schedule_item_id, week_start_date: value.week_start_date, ...set })
    .onConflict((oc) => oc.columns(['schedule_item_id', 'week_start_date']).doUpdateSet(set))
    .execute();
  return { schedule_item_id: value.schedule_item_id, week_start_date: value.week_start_date, status: value.status, notes: value.notes };
}
