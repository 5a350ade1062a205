import type { DeletedAnswer } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';

/** Issue 13 item 1: POST /api/criteria/{id}/delete. Reviews keep the scores they gave (their JSON is theirs). */
export async function deleteCriterion(deps: Pick<RecruitmentDeps, 'db'>, id: number): Promise<DeletedAnswer> {
  const result = await deps.db.deleteFrom('recruitment_criteria').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new DomainError('not_found', 'There is no such criterion.');
  return { success: true };
}
