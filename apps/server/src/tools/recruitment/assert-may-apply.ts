import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';
import { isWithinApplicationWindow } from './is-within-application-window';
import { readSettings } from './read-settings';

/**
 * 000 §2/§4: an applicant may apply while applications are open and inside the period, and only
 * once. Checked before a submission and before an upload (the upload's body is not even read), so
 * someone who has applied, or who came while closed, cannot keep filling the server's disk with
 * files no application will ever use.
 */
export async function assertMayApply(deps: Pick<RecruitmentDeps, 'db' | 'now'>, userId: string): Promise<void> {
  const settings = await readSettings(deps);
  if (!isWithinApplicationWindow(settings, deps.now())) throw new DomainError('recruitment.applications_closed');
  const existing = await deps.db.selectFrom('recruitment_applications').select('id').where('user_id', '=', userId).executeTakeFirst();
  if (existing) throw new DomainError('recruitment.already_applied');
}
