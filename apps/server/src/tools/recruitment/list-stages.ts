import type { Stage } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/** 000 §3 Stage, in list order; 000 §4: the first is the default for new applications. */
export async function listStages(deps: Pick<RecruitmentDeps, 'db'>): Promise<Stage[]> {
  return deps.db
    .selectFrom('recruitment_stages')
    .select(['id', 'name', 'ordering', 'color'])
    .where('deleted_at', 'is', null)
    .orderBy('ordering')
    .orderBy('id')
    .execute();
}
