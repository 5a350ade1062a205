import type { CreateRoleRequest, CreatedAnswer } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/** 000 §7 POST /api/roles/create {name} -> {id}. */
export async function createRole(deps: Pick<RecruitmentDeps, 'db'>, request: CreateRoleRequest): Promise<CreatedAnswer> {
  const row = await deps.db.insertInto('recruitment_roles').values({ name: request.name }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id };
}
