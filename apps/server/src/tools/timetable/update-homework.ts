import type { z } from 'zod';
import type { Homework, HomeworkUpdateRequest } from '@guildhall/contracts/timetable';
import { DomainError } from '../../core/errors/domain-error';
import { assertSubjectChoice } from './create-homework';
import type { TimetableDeps } from './timetable-deps';

export type ParsedHomeworkUpdate = z.output<typeof HomeworkUpdateRequest>;

/** 002 §7 PUT /homework/{id}: replaces the item's fields; an omitted homework_id keeps the current one. */
export async function updateHomework(deps: TimetableDeps, ownerId: number, id: number, input: ParsedHomeworkUpdate): Promise<Homework> {
  const current = await deps.store.findHomework(ownerId, id);
  if (!current) throw new DomainError('not_found', 'That homework does not exist.');
  // The item's own subject stays allowed even if a re-imported timetable dropped it.
  await assertSubjectChoice(deps, ownerId, input.subject_code, current.subject_code);
  const updated = await deps.store.updateHomework(ownerId, id, { ...input, homework_id: input.homework_id ?? current.homework_id });
  if (!updated) throw new DomainError('not_found', 'That homework does not exist.');
  return updated;
}
