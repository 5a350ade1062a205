import type { Role } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/** 000 §3 Role, oldest first (the order of the 'Choose...' dropdown). */
export async function listRoles(deps: Pick<RecruitmentDeps, 'db'>): Promise<Role[]> {
  return deps.db.selectFrom('recruitment_roles').select(['id', 'name']).orderBy('id').execute();
}
