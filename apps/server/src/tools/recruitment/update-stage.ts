import type { UpdateStageRequest } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * Issue 13 item 3: POST /api/stages/{id}/update {name, color}. Applications keep the name and colour
 * they recorded when they were moved there, and their status (000 §4 derives it when a stage is set),
 * so renaming 'Interview' to 'Accepted' decides nobody: what applications recorded never changes.
 */
export async function updateStage(deps: Pick<RecruitmentDeps, 'db'>, id: number, request: UpdateStageRequest): Promise<{ success: true }> {
  const result = await deps.db
    .updateTable('recruitment_stages')
    .set({ name: request.name, color: request.color.toLowerCase() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError('not_found', 'There is no such stage.');
  return { success: true };
}
