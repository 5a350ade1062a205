import { sql } from 'kysely';
import type { CreateRoleRequest, CreatedAnswer } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/** 000 §7 POST /api/roles/create {name} -> {id}; issue 13 item 3: new roles go last. */
export async function createRole(deps: Pick<RecruitmentDeps, 'db'>, request: CreateRoleRequest): Promise<CreatedAnswer> {
  const row = await deps.db
    .insertInto('recruitment_roles')
    .values({ name: request.name, ordering: sql<number>`(select coalesce(max(ordering), -1) + 1 from recruitment_roles)` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}
