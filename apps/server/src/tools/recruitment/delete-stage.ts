import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * 000 §7 POST /api/stages/{id}/delete. Applications at this stage keep their status and the stage's
 * name and colour (copied onto each application), so nothing they showed is lost.
 */
export async function deleteStage(deps: Pick<RecruitmentDeps, 'db' | 'now'>, id: number): Promise<{ success: true }> {
  // Issue 13 item 3: removed by marking it, so restore-managed-item can undo it (decision 0029).
  const result = await deps.db
    .updateTable('recruitment_stages')
    .set({ deleted_at: deps.now() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError('not_found', 'There is no such stage.');
  return { success: true };
}
