import type { DraftAnswer } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';
import { describeDraft } from './describe-draft';

/** Decision 0028: the edit form of the applicant's open application as they left it, or null. */
export async function readEditDraft(deps: Pick<RecruitmentDeps, 'db'>, userId: string): Promise<DraftAnswer> {
  const row = await deps.db
    .selectFrom('recruitment_edit_drafts')
    .innerJoin('recruitment_applications', 'recruitment_applications.id', 'recruitment_edit_drafts.application_id')
    .select(['recruitment_edit_drafts.job_selection', 'recruitment_edit_drafts.answers', 'recruitment_edit_drafts.updated_at'])
    .where('recruitment_applications.open_user_id', '=', userId)
    .executeTakeFirst();
  return { draft: row ? await describeDraft(deps, userId, row) : null };
}
