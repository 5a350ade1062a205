import type { TimetableRefusalReason } from '@guildhall/contracts/timetable';
import { DomainError } from '@server/core/errors/domain-error';
import type { TimetableDeps } from './timetable-deps';

/** 002 §7 DELETE /homework/{id}: only the owner's own item; anything else is "not found". */
export async function deleteHomework(deps: TimetableDeps, ownerId: number, id: number): Promise<{ ok: true }> {
  const result = await deps.db.deleteFrom('timetable_homework').where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0)
    throw new DomainError('not_found', 'That homework does not exist.', { reason: 'homework_missing' satisfies TimetableRefusalReason });
  return { ok: true };
}
