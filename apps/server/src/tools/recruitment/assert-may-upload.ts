import { DomainError, isDomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';
import { assertMayApply } from './assert-may-apply';
import { reviewerHasActed } from './reviewer-has-acted';

/**
 * Who may upload a file (000 §7 POST /api/upload-file): someone who may apply now (assertMayApply),
 * or, issue 13 item 2, someone editing their own Pending application no reviewer has acted on. That
 * edit is allowed while applications are closed too, so its file answers are (decision 0028: uploads
 * stay allowed while the open application may still be edited).
 */
export async function assertMayUpload(deps: Pick<RecruitmentDeps, 'db' | 'now'>, userId: string): Promise<void> {
  try {
    await assertMayApply(deps, userId);
  } catch (error) {
    if (!isDomainError(error, 'recruitment.already_applied') && !isDomainError(error, 'recruitment.applications_closed')) throw error;
    const editable = await deps.db
      .selectFrom('recruitment_applications')
      .select('id')
      .where('open_user_id', '=', userId)
      .where('status', '=', 'Pending')
      .where((eb) => eb.not(reviewerHasActed(eb)))
      .executeTakeFirst();
    if (editable) return;
    // Closed applications stay the reason for anyone without an open application to edit.
    if (isDomainError(error, 'recruitment.applications_closed')) throw error;
    throw new DomainError('recruitment.already_applied');
  }
}
