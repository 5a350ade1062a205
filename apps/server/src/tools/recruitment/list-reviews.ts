import type { Review, ReviewVote, ReviewsAnswer } from '@guildhall/contracts/recruitment';
import type { Selectable } from 'kysely';
import { DomainError } from '@server/core/errors/domain-error';
import { type RecruitmentDeps, toIso } from './recruitment-deps';
import type { RecruitmentReviewsTable } from './recruitment-tables';
import { listCriteria } from './list-criteria';
import { parseJsonRecord } from './list-applications';
import { readSettings } from './read-settings';
import { toTally } from './review-tallies';

function toReview(row: Selectable<RecruitmentReviewsTable>): Review {
  const scores: Record<string, number> = {};
  for (const [id, value] of Object.entries(parseJsonRecord(row.scores))) scores[id] = Number(value);
  return {
    id: row.id,
    reviewerId: row.reviewer_id,
    reviewerName: row.reviewer_name,
    vote: row.vote as ReviewVote,
    scores,
    average: row.score_count ? Math.round((row.score_sum / row.score_count) * 100) / 100 : null,
    comment: row.comment,
    at: toIso(row.updated_at),
  };
}

/**
 * Issue 13 item 1: GET /api/applications/{id}/reviews: the caller's own review, everyone's (unless
 * blind review hides them until the caller has reviewed), the tally and the role's criteria.
 */
export async function listReviews(deps: Pick<RecruitmentDeps, 'db'>, viewerId: string, applicationId: number): Promise<ReviewsAnswer> {
  const application = await deps.db
    .selectFrom('recruitment_applications')
    .select(['id', 'role_id'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
  if (!application) throw new DomainError('not_found', 'There is no such application.');
  const [rows, criteria, settings] = await Promise.all([
    deps.db.selectFrom('recruitment_reviews').selectAll().where('application_id', '=', applicationId).orderBy('id').execute(),
    listCriteria(deps, application.role_id),
    readSettings(deps),
  ]);
  const reviews = rows.map(toReview);
  const mine = reviews.find((r) => r.reviewerId === viewerId) ?? null;
  const tally = toTally(
    {
      count: rows.length,
      yes: rows.filter((r) => r.vote === 'yes').length,
      no: rows.filter((r) => r.vote === 'no').length,
      abstain: rows.filter((r) => r.vote === 'abstain').length,
      scoreSum: rows.reduce((a, r) => a + Number(r.score_sum), 0),
      scoreCount: rows.reduce((a, r) => a + Number(r.score_count), 0),
      mine: mine !== null,
    },
    { id: viewerId, blind: settings.blindReview === 'true' },
  );
  return { tally, mine, reviews: tally.hidden ? [] : reviews, criteria };
}
