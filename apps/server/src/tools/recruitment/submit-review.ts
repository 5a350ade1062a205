import type { z } from 'zod';
import type { CreatedAnswer, SubmitReviewRequest } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { Actor, RecruitmentDeps } from './recruitment-deps';
import { listCriteria } from './list-criteria';
import { recordAudit } from './record-audit';

/**
 * Issue 13 item 1: POST /api/applications/{id}/review {vote, scores, comment}. One review per admin
 * per application (a unique index; sending again replaces it, in one upsert, so a double click
 * cannot make two). Every criterion of the application's role needs a score from 1 to 5 and no other
 * score is taken. The audit trail records the vote, with the previous one when it changed.
 */
export async function submitReview(
  deps: Pick<RecruitmentDeps, 'db' | 'now' | 'dialect'>,
  actor: Actor,
  applicationId: number,
  review: z.output<typeof SubmitReviewRequest>,
): Promise<CreatedAnswer> {
  const application = await deps.db
    .selectFrom('recruitment_applications')
    .select(['id', 'role_id'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
  if (!application) throw new DomainError('not_found', 'There is no such application.');
  const criteria = await listCriteria(deps, application.role_id);
  const known = new Set(criteria.map((c) => String(c.id)));
  const unknown = Object.keys(review.scores).find((id) => !known.has(id));
  if (unknown !== undefined) throw new DomainError('invalid_input', `scores.${unknown}: that criterion is not one of this role's.`);
  const missing = criteria.find((c) => review.scores[String(c.id)] === undefined);
  if (missing) throw new DomainError('invalid_input', `scores.${missing.id}: "${missing.name}" needs a score from 1 to 5.`);

  const scores = Object.values(review.scores);
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    // Reviews of one application run one after the other (PostgreSQL; SQLite's one writer already
    // does), so the audit line of each racing resend names the vote the last one left.
    if (deps.dialect === 'postgres')
      await trx.selectFrom('recruitment_applications').select('id').where('id', '=', applicationId).forUpdate().execute();
    const previous = await trx
      .selectFrom('recruitment_reviews')
      .select('vote')
      .where('application_id', '=', applicationId)
      .where('reviewer_id', '=', actor.id)
      .executeTakeFirst();
    const values = {
      reviewer_name: actor.name,
      vote: review.vote,
      scores: JSON.stringify(review.scores),
      score_sum: scores.reduce((a, b) => a + b, 0),
      score_count: scores.length,
      comment: review.comment,
      updated_at: now,
    };
    const row = await trx
      .insertInto('recruitment_reviews')
      .values({ application_id: applicationId, reviewer_id: actor.id, created_at: now, ...values })
      .onConflict((oc) => oc.columns(['application_id', 'reviewer_id']).doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    // The same vote sent again (a comment or a score changed) is no new act: the trail said "changed
    // their review from no to no".
    if (previous?.vote !== review.vote)
      await recordAudit(trx, { applicationId, actor, kind: 'review', from: previous?.vote ?? null, to: review.vote, at: now });
    return { id: row.id };
  });
}
