import type { z } from 'zod';
import type { SaveDraftRequest, SuccessAnswer } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';
import { reviewerHasActed } from './reviewer-has-acted';

/**
 * Decision 0028: the edit form of the applicant's open application, saved as they work on it (one row
 * per application, replaced each time), as save-draft.ts saves the new application's form. Its file
 * answers are what keeps an upload made while editing from the orphan clean-up
 * (remove-orphan-uploads.ts) for as long as the edit may still be saved. Refused, as the edit itself
 * is, once no reviewer-untouched Pending application is open; a successful edit deletes the row
 * (edit-application.ts), and Cancel does (discard-edit-draft.ts).
 */
export async function saveEditDraft(
  deps: Pick<RecruitmentDeps, 'db' | 'now' | 'dialect'>,
  userId: string,
  draft: z.output<typeof SaveDraftRequest>,
): Promise<SuccessAnswer> {
  const values = { job_selection: draft.jobSelection, answers: JSON.stringify(draft.answers), updated_at: deps.now() };
  await deps.db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('recruitment_applications')
      .select((eb) => ['id', eb.and([eb('status', '=', 'Pending'), eb.not(reviewerHasActed(eb))]).as('editable')])
      .where('open_user_id', '=', userId)
      // Held until this draft is written: a Save Changes (edit-application.ts updates this row, then
      // deletes the draft) waits, and finds the draft to delete. Unlocked, a save that checked before
      // the edit committed wrote its older draft after, and the next Edit reopened on it. NO KEY: the
      // draft's own foreign key takes KEY SHARE on this row, which must not wait. SQLite runs one
      // transaction at a time.
      .$if(deps.dialect === 'postgres', (query) => query.forNoKeyUpdate())
      .executeTakeFirst();
    if (!open) throw new DomainError('recruitment.no_open_application');
    if (!open.editable) throw new DomainError('recruitment.not_editable');
    await trx
      .insertInto('recruitment_edit_drafts')
      .values({ application_id: open.id, ...values })
      .onConflict((oc) => oc.column('application_id').doUpdateSet(values))
      .execute();
  });
  return { success: true };
}
