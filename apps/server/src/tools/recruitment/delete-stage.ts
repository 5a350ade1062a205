import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * 000 §7 POST /api/stages/{id}/delete. Applications at this stage keep their status and the stage's
 * name and colour (copied onto each application), so nothing they showed is lost.
 */
export async function deleteStage(deps: Pick<RecruitmentDeps, 'db'>, id: number): Promise<{ success: true }> {
  const result = await deps.db.deleteFrom('recruitment_stages').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new DomainError('not_found', 'There is no such stage.');
  return { success: true };
}
