import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';

/** 000 §7 POST /api/roles/{id}/delete. Applications keep the role's name in their job field. */
export async function deleteRole(deps: Pick<RecruitmentDeps, 'db'>, id: number): Promise<{ success: true }> {
  const result = await deps.db.deleteFrom('recruitment_roles').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new DomainError('not_found', 'There is no such role.');
  return { success: true };
}
