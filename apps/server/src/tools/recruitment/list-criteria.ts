import type { Criterion } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/** Issue 13 item 1: the criteria reviews are scored on, per role (all roles, or one). */
export async function listCriteria(deps: Pick<RecruitmentDeps, 'db'>, roleId?: number | null): Promise<Criterion[]> {
  let query = deps.db.selectFrom('recruitment_criteria').select(['id', 'role_id', 'name']);
  if (roleId !== undefined) query = query.where('role_id', '=', roleId ?? -1);
  const rows = await query.orderBy('role_id').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, roleId: r.role_id, name: r.name }));
}
