import type { Homework, MarkOverdueDoneAnswer, TimetableRefusalReason } from '@guildhall/contracts/timetable';
import { homeworkDisplayStatus } from '@guildhall/contracts/timetable-rules';
import { DomainError } from '@server/core/errors/domain-error';
import type { TimetableDeps } from './timetable-deps';
import { HOMEWORK_COLUMNS } from './timetable-tables';

// Issue 16 item 5 (decision 0034): done in one tap, and every overdue item at once. "Done" is 002 §3's
// 'Mark As Done' status, which 002 §4 shows as Done.

/** POST /timetable/api/homework/{id}/done: the item becomes Mark As Done, whatever it was. */
export async function markHomeworkDone(deps: TimetableDeps, ownerId: number, id: number): Promise<Homework> {
  const updated = await deps.db
    .updateTable('timetable_homework')
    .set({ status: 'Mark As Done', updated_at: deps.now() })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .returning(HOMEWORK_COLUMNS)
    .executeTakeFirst();
  if (!updated)
    throw new DomainError('not_found', 'That homework does not exist.', { reason: 'homework_missing' satisfies TimetableRefusalReason });
  return updated;
}

/**
 * POST /timetable/api/homework/mark-overdue-done: every item 002 §4 shows as Due (Pending and past its
 * due date and time in the school's zone) becomes Mark As Done; Graded, Group Work and Scheduled items
 * are left as they are. One statement on the ids found, still Pending, so an edit in between wins.
 */
export async function markOverdueHomeworkDone(deps: TimetableDeps, ownerId: number): Promise<MarkOverdueDoneAnswer> {
  const now = deps.now();
  const pending = await deps.db
    .selectFrom('timetable_homework')
    .select(HOMEWORK_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'Pending')
    .execute();
  const ids = pending.filter((item) => homeworkDisplayStatus(item, now, deps.settings.timeZone) === 'Due').map((item) => item.id);
  if (ids.length === 0) return { marked: 0, homework: [] };
  const homework = await deps.db
    .updateTable('timetable_homework')
    .set({ status: 'Mark As Done', updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'Pending')
    .where('id', 'in', ids)
    .returning(HOMEWORK_COLUMNS)
    .execute();
  homework.sort((a, b) => a.due_date.localeCompare(b.due_date) || a.due_time.localeCompare(b.due_time) || a.id - b.id);
  return { marked: homework.length, homework };
}
