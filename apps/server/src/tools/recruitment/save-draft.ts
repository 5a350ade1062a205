import type { z } from 'zod';
import type { SaveDraftRequest, SuccessAnswer } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * Issue 13 item 2: the application form as the applicant left it, saved on the server as they type
 * (one row per person, replaced each time). Nothing is checked beyond the shape: a draft is unfinished
 * by nature; the submission checks everything. File answers are upload URLs; read-draft.ts keeps
 * only this person's own uploads when it answers.
 */
export async function saveDraft(
  deps: Pick<RecruitmentDeps, 'db' | 'now'>,
  userId: string,
  draft: z.output<typeof SaveDraftRequest>,
): Promise<SuccessAnswer> {
  const values = { job_selection: draft.jobSelection, answers: JSON.stringify(draft.answers), updated_at: deps.now() };
  await deps.db
    .insertInto('recruitment_drafts')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return { success: true };
}
