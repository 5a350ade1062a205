import { sql } from 'kysely';
import type { CreateRoleRequest, CreatedAnswer } from '@guildhall/contracts/recruitment';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import type { RecruitmentDeps } from './recruitment-deps';

/** 000 §7 POST /api/roles/create {name} -> {id}; issue 13 item 3: new roles go last. */
export async function createRole(deps: Pick<RecruitmentDeps, 'db'>, request: CreateRoleRequest): Promise<CreatedAnswer> {
  // The ordering is unique (index recruitment_roles_ordering): a creator that lost a race runs again.
  const row = await retryOnWriteConflict(
    () =>
      deps.db
        .insertInto('recruitment_roles')
        .values({ name: request.name, ordering: sql<number>`(select coalesce(max(ordering), -1) + 1 from recruitment_roles)` })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { giveUp: 'Many roles were being created at once; please create this one again.' },
  );
  return { id: row.id };
}
