import type { z } from 'zod';
import type { SaveDraftRequest, SuccessAnswer } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * Issue 13 item 2: the application form as the applicant left it, saved on the server as they type
 * (one row per person, replaced each time). Nothing is checked beyond the shape: a draft is unfinished
 * by nature; the submission checks everything. File answers are upload URLs; read-draft.ts keeps
 * only this person's own uploads when it answers.
 *
 * 000 §4 (one application per user): a draft is the form of an application not yet made, so it is
 * refused (409, nothing written) while the person has an open one. Otherwise a save typed just before
 * Submit and arriving after it would write the submitted answers back, and a later re-apply form
 * would open on them. Written first and checked after, in one transaction: a save that writes before
 * the submission commits is deleted by it (submit-application.ts waits for this row), one that writes
 * after sees the application and rolls back.
 */
export async function saveDraft(
  deps: Pick<RecruitmentDeps, 'db' | 'now'>,
  userId: string,
  draft: z.output<typeof SaveDraftRequest>,
): Promise<SuccessAnswer> {
  const values = { job_selection: draft.jobSelection, answers: JSON.stringify(draft.answers), updated_at: deps.now() };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('recruitment_drafts')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    const open = await trx.selectFrom('recruitment_applications').select('id').where('open_user_id', '=', userId).executeTakeFirst();
    if (open) throw new DomainError('recruitment.already_applied');
  });
  return { success: true };
}
