import type { z } from 'zod';
import type { CreateCriterionRequest, CreatedAnswer } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';

/** Issue 13 item 1: POST /api/criteria/create {roleId, name}: a criterion reviews of this role score 1-5. */
export async function createCriterion(
  deps: Pick<RecruitmentDeps, 'db' | 'now'>,
  request: z.output<typeof CreateCriterionRequest>,
): Promise<CreatedAnswer> {
  const role = await deps.db
    .selectFrom('recruitment_roles')
    .select('id')
    .where('id', '=', request.roleId)
    .where('deleted_at', 'is', null) // decision 0029: checks read only roles that are not removed
    .executeTakeFirst();
  if (!role) throw new DomainError('invalid_input', 'roleId: that role does not exist (it may have been removed).');
  const row = await deps.db
    .insertInto('recruitment_criteria')
    .values({ role_id: request.roleId, name: request.name, created_at: deps.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}
