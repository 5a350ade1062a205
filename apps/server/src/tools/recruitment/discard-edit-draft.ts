import type { SuccessAnswer } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * Decision 0028: Cancel in the edit form drops its draft, so the uploads made in it are unused again
 * and the orphan clean-up removes them after UPLOAD_ORPHAN_TTL_HOURS. Nothing to drop is no error.
 */
export async function discardEditDraft(deps: Pick<RecruitmentDeps, 'db'>, userId: string): Promise<SuccessAnswer> {
  await deps.db
    .deleteFrom('recruitment_edit_drafts')
    .where('application_id', 'in', (eb) => eb.selectFrom('recruitment_applications').select('id').where('open_user_id', '=', userId))
    .execute();
  return { success: true };
}
