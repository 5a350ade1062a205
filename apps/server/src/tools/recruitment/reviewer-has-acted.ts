import { type ExpressionBuilder, sql } from 'kysely';
import type { RecruitmentTables } from './recruitment-tables';

/** The audit kinds that mean a reviewer has acted on an application (issue 13 item 2: no more edits). */
export const REVIEWER_ACTS = ['stage', 'feedback', 'review'] as const;

/**
 * Issue 13 item 2: "while no reviewer has acted": true when an admin has changed the stage, saved
 * feedback or reviewed it. A condition inside the applicant's own update, so an edit racing a reviewer
 * either lands first or is refused.
 */
export function reviewerHasActed(eb: ExpressionBuilder<RecruitmentTables, 'recruitment_applications'>) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('recruitment_audit')
        .select(sql<number>`1`.as('one'))
        .whereRef('recruitment_audit.application_id', '=', 'recruitment_applications.id')
        .where('recruitment_audit.kind', 'in', [...REVIEWER_ACTS]),
    ),
    eb.exists(
      eb
        .selectFrom('recruitment_reviews')
        .select(sql<number>`1`.as('one'))
        .whereRef('recruitment_reviews.application_id', '=', 'recruitment_applications.id'),
    ),
  ]);
}
