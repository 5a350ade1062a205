import type { Role } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/** 000 §3 Role, in the admins' order (issue 13 item 3; oldest first before any reorder): the 'Choose...' dropdown. */
export async function listRoles(deps: Pick<RecruitmentDeps, 'db'>): Promise<Role[]> {
  return deps.db
    .selectFrom('recruitment_roles')
    .select(['id', 'name'])
    .where('deleted_at', 'is', null)
    .orderBy('ordering')
    .orderBy('id')
    .execute();
}
