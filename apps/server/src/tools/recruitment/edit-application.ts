import type { z } from 'zod';
import type { EditApplicationRequest, SuccessAnswer } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { Actor, RecruitmentDeps } from './recruitment-deps';
import { checkAnswers } from './check-answers';
import { lockOwnerUploads } from './upload-owner-lock';
import { reviewerHasActed } from './reviewer-has-acted';
import { recordAudit } from './record-audit';

/**
 * Issue 13 item 2: the applicant changes their Pending application (role and answers, checked as a
 * submission is) while no reviewer has acted on it. The "untouched" check is part of the update
 * itself, so an edit racing a reviewer's stage change, feedback or review is refused, never half-applied.
 */
export async function editApplication(
  deps: RecruitmentDeps,
  applicant: Actor,
  edit: z.output<typeof EditApplicationRequest>,
): Promise<SuccessAnswer> {
  const now = deps.now();
  const edited = await deps.db.transaction().execute(async (trx) => {
    // Issue 12 item 2: as in submit-application.ts, the uploads the new answers name are checked under
    // this person's upload lock in the transaction that writes them, so the orphan clean-up cannot
    // remove one between the check and the update.
    await lockOwnerUploads(trx, deps.dialect, applicant.id);
    const { role, answers, labels } = await checkAnswers({ db: trx }, applicant.id, edit);
    const row = await trx
      .updateTable('recruitment_applications')
      .set({ role_id: role.id, job: role.name, answers: JSON.stringify(answers), question_labels: JSON.stringify(labels) })
      .where('open_user_id', '=', applicant.id)
      .where('status', '=', 'Pending')
      .where((eb) => eb.not(reviewerHasActed(eb)))
      .returning(['id', 'job'])
      .executeTakeFirst();
    if (!row) return null;
    // Decision 0028: the edit form's draft has become the application.
    await trx.deleteFrom('recruitment_edit_drafts').where('application_id', '=', row.id).execute();
    await recordAudit(trx, { applicationId: row.id, actor: applicant, kind: 'edit', from: null, to: role.name, at: now });
    return row;
  });
  if (!edited) {
    const open = await deps.db
      .selectFrom('recruitment_applications')
      .select('id')
      .where('open_user_id', '=', applicant.id)
      .executeTakeFirst();
    throw new DomainError(open ? 'recruitment.not_editable' : 'recruitment.no_open_application');
  }
  return { success: true };
}
