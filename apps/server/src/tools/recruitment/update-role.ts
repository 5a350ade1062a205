import type { UpdateRoleRequest } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';

/** Issue 13 item 3: POST /api/roles/{id}/update {name}. Applications keep the role name they recorded (their job). */
export async function updateRole(deps: Pick<RecruitmentDeps, 'db'>, id: number, request: UpdateRoleRequest): Promise<{ success: true }> {
  const result = await deps.db
    .updateTable('recruitment_roles')
    .set({ name: request.name })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError('not_found', 'There is no such role.');
  return { success: true };
}
