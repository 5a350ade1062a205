import type { z } from 'zod';
import type { Homework, HomeworkUpdateRequest, TimetableRefusalReason } from '@guildhall/contracts/timetable';
import { DomainError } from '@server/core/errors/domain-error';
import { assertSubjectChoice, homeworkIdTaken } from './create-homework';
import type { TimetableDeps } from './timetable-deps';
import { HOMEWORK_COLUMNS, type HomeworkValues } from './timetable-tables';

export type ParsedHomeworkUpdate = z.output<typeof HomeworkUpdateRequest>;

/** 002 §7 PUT /homework/{id}: replaces the item's fields; an omitted homework_id keeps the current one. */
export async function updateHomework(deps: TimetableDeps, ownerId: number, id: number, input: ParsedHomeworkUpdate): Promise<Homework> {
  const current = await deps.db
    .selectFrom('timetable_homework')
    .select(HOMEWORK_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current)
    throw new DomainError('not_found', 'That homework does not exist.', { reason: 'homework_missing' satisfies TimetableRefusalReason });
  // The item's own subject stays allowed even if a re-imported timetable dropped it.
  await assertSubjectChoice(deps, ownerId, input.subject_code, current.subject_code);
  const updated = await writeHomework(deps, ownerId, id, { ...input, homework_id: input.homework_id ?? current.homework_id });
  if (!updated)
    throw new DomainError('not_found', 'That homework does not exist.', { reason: 'homework_missing' satisfies TimetableRefusalReason });
  return updated;
}

async function writeHomework(
  deps: Pick<TimetableDeps, 'db' | 'now'>,
  ownerId: number,
  id: number,
  values: HomeworkValues,
): Promise<Homework | undefined> {
  try {
    return await deps.db
      .updateTable('timetable_homework')
      .set({ ...values, updated_at: deps.now() })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .returning(HOMEWORK_COLUMNS)
      .executeTakeFirst();
  } catch (error) {
    throw homeworkIdTaken(error, values.homework_id);
  }
}
