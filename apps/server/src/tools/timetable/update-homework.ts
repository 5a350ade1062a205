import type { z } from 'zod';
import type { Homework, HomeworkExpected, HomeworkUpdateRequest, TimetableRefusalReason } from '@guildhall/contracts/timetable';
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
  // Decision 0057: an edit from a form that opened the item as it no longer is (marked done or edited
  // in another tab) put the old fields back; it is told instead, before the rules about what it sends.
  const { expected, ...fields } = input;
  if (expected && !sameHomework(current, expected)) throw homeworkChanged();
  // The item's own subject stays allowed even if a re-imported timetable dropped it.
  await assertSubjectChoice(deps, ownerId, input.subject_code, current.subject_code);
  const updated = await writeHomework(deps, ownerId, id, { ...fields, homework_id: fields.homework_id ?? current.homework_id }, expected);
  if (updated) return updated;
  // Nothing written: gone since the read, or (with `expected`) changed since it.
  if (expected) throw homeworkChanged();
  throw new DomainError('not_found', 'That homework does not exist.', { reason: 'homework_missing' satisfies TimetableRefusalReason });
}

function sameHomework(current: HomeworkValues, expected: HomeworkExpected): boolean {
  return (Object.keys(expected) as (keyof HomeworkExpected)[]).every((key) => current[key] === expected[key]);
}

function homeworkChanged(): DomainError {
  return new DomainError(
    'conflict',
    'This homework was changed in another tab or window since you opened it. Look at it again, then save.',
    {
      reason: 'homework_changed' satisfies TimetableRefusalReason,
    },
  );
}

async function writeHomework(
  deps: Pick<TimetableDeps, 'db' | 'now'>,
  ownerId: number,
  id: number,
  values: HomeworkValues,
  expected?: HomeworkExpected,
): Promise<Homework | undefined> {
  try {
    let update = deps.db
      .updateTable('timetable_homework')
      .set({ ...values, updated_at: deps.now() })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id);
    // Compare-and-set: a change landing between the read and this write is not overwritten either.
    if (expected)
      for (const [key, value] of Object.entries(expected) as [keyof HomeworkExpected, string][]) update = update.where(key, '=', value);
    return await update.returning(HOMEWORK_COLUMNS).executeTakeFirst();
  } catch (error) {
    throw homeworkIdTaken(error, values.homework_id);
  }
}
