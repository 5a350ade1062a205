import type { RecruitmentDeps } from './recruitment-deps';
import { readSettings } from './read-settings';

/**
 * Decision 0028: with blind review hiding applicants (blindReview and blindHideApplicant), the ids
 * among `applicationIds` whose applicant `viewerId` may not see yet (they have not reviewed it).
 * Every answer that names an applicant asks this: the list, the board, the failed DMs, the avatar.
 */
export async function hiddenApplicants(
  deps: Pick<RecruitmentDeps, 'db'>,
  viewerId: string,
  applicationIds: readonly number[],
): Promise<ReadonlySet<number>> {
  if (applicationIds.length === 0) return new Set();
  const settings = await readSettings(deps);
  if (settings.blindReview !== 'true' || settings.blindHideApplicant !== 'true') return new Set();
  const reviewed = await deps.db
    .selectFrom('recruitment_reviews')
    .select('application_id')
    .where('reviewer_id', '=', viewerId)
    .where('application_id', 'in', applicationIds)
    .execute();
  const seen = new Set(reviewed.map((r) => r.application_id));
  return new Set(applicationIds.filter((id) => !seen.has(id)));
}

/** What a hidden applicant is called instead (decision 0028). */
export const hiddenName = (applicationId: number) => `Applicant #${applicationId}`;
