import type { z } from 'zod';
import type { Homework, RepeatHomeworkRequest, TimetableRefusalReason } from '@guildhall/contracts/timetable';
import { addDays, isIsoDate, isoDayOf, minutesOf, schoolMoment } from '@guildhall/contracts/timetable-rules';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import { DomainError } from '@server/core/errors/domain-error';
import { generateHomeworkId } from './create-homework';
import type { TimetableDeps } from './timetable-deps';
import { HOMEWORK_COLUMNS } from './timetable-tables';

type ParsedRepeat = z.output<typeof RepeatHomeworkRequest>;

/**
 * Issue 16 item 5 (decision 0034): homework that repeats weekly on a subject's class. One item per
 * week, due when that class starts, for `weeks` weeks from the first such class on or after
 * `starting` (today at the school when omitted). The items are ordinary homework (002 §3): each
 * can be edited, done or deleted on its own. All are written in one transaction, or none.
 */
export async function repeatHomework(deps: TimetableDeps, ownerId: number, input: ParsedRepeat): Promise<Homework[]> {
  const slot = await deps.db
    .selectFrom('timetable_schedule_items')
    .select(['subject_code', 'day_of_week', 'start_time'])
    .where('owner_id', '=', ownerId)
    .where('id', '=', input.schedule_item_id)
    .executeTakeFirst();
  if (!slot)
    throw new DomainError('not_found', 'That class is not in your timetable.', {
      reason: 'class_missing' satisfies TimetableRefusalReason,
    });
  const today = schoolMoment(deps.now(), deps.settings.timeZone);
  const starting = input.starting ?? today.date;
  let first = addDays(starting, (slot.day_of_week - isoDayOf(starting) + 7) % 7);
  // Audit (decision 0057): with no `starting`, a class held today that had already begun counted as
  // the first, so its item was due in the past and shown as Due (overdue) the moment it was made. The
  // next such class is then a week on. A `starting` the person chose is kept as chosen.
  if (input.starting === undefined && first === today.date && minutesOf(slot.start_time) <= today.minutes) first = addDays(first, 7);
  // Dates past 9999-12-31 have no YYYY-MM-DD form (the Homework contract's): refused, not written half-formed.
  const dueDates = isIsoDate(first) ? Array.from({ length: input.weeks }, (_, week) => addDays(first, week * 7)) : [];
  if (dueDates.length === 0 || !dueDates.every(isIsoDate)) {
    throw new DomainError('invalid_input', 'starting: the repeats would be due after 9999-12-31.');
  }
  const at = deps.now();
  const rows = dueDates.map((dueDate) => ({
    owner_id: ownerId,
    homework_id: generateHomeworkId(),
    title: input.title,
    details: input.details,
    subject_code: slot.subject_code,
    due_date: dueDate,
    due_time: slot.start_time,
    status: 'Pending' as const,
    created_at: at,
    updated_at: at,
  }));
  // A generated id colliding with one of the student's own is astronomically rare; the retry draws new ones.
  let attempt = 0;
  return retryOnWriteConflict(
    async () => {
      const values = attempt++ === 0 ? rows : rows.map((r) => ({ ...r, homework_id: generateHomeworkId() }));
      return deps.db
        .transaction()
        .execute((tx) => tx.insertInto('timetable_homework').values(values).returning(HOMEWORK_COLUMNS).execute());
    },
    { attempts: 4 },
  );
}
