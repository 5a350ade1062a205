import type { ReviewTally } from '@guildhall/contracts/recruitment';
import { sql } from 'kysely';
import type { RecruitmentDeps } from './recruitment-deps';

/** Who is looking at reviews, and whether blind review (issue 13 item 1) is on. */
export interface ReviewViewer {
  id: string;
  blind: boolean;
}

const EMPTY = { count: 0, yes: 0, no: 0, abstain: 0, scoreSum: 0, scoreCount: 0, mine: false };

/**
 * Issue 13 item 1: the tallies of a page of applications in one grouped query. With blind review, a
 * viewer who has not reviewed an application sees only how many reviews it has.
 */
export async function reviewTallies(
  deps: Pick<RecruitmentDeps, 'db'>,
  applicationIds: number[],
  viewer: ReviewViewer | null,
): Promise<Map<number, ReviewTally>> {
  const rows = applicationIds.length
    ? await deps.db
        .selectFrom('recruitment_reviews')
        .select((eb) => [
          'application_id',
          eb.fn.countAll().as('count'),
          sql<number>`sum(case when vote = 'yes' then 1 else 0 end)`.as('yes'),
          sql<number>`sum(case when vote = 'no' then 1 else 0 end)`.as('no'),
          sql<number>`sum(case when vote = 'abstain' then 1 else 0 end)`.as('abstain'),
          eb.fn.sum<number>('score_sum').as('scoreSum'),
          eb.fn.sum<number>('score_count').as('scoreCount'),
          sql<number>`sum(case when reviewer_id = ${viewer?.id ?? ''} then 1 else 0 end)`.as('mine'),
        ])
        .where('application_id', 'in', applicationIds)
        .groupBy('application_id')
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.application_id, r]));
  const tallies = new Map<number, ReviewTally>();
  for (const id of applicationIds) {
    const r = byId.get(id);
    const t = r
      ? {
          count: Number(r.count),
          yes: Number(r.yes),
          no: Number(r.no),
          abstain: Number(r.abstain),
          scoreSum: Number(r.scoreSum),
          scoreCount: Number(r.scoreCount),
          mine: Number(r.mine) > 0,
        }
      : EMPTY;
    tallies.set(id, toTally(t, viewer));
  }
  return tallies;
}

export function toTally(t: typeof EMPTY, viewer: ReviewViewer | null): ReviewTally {
  const hidden = Boolean(viewer?.blind) && !t.mine;
  if (hidden) return { count: t.count, yes: 0, no: 0, abstain: 0, averageScore: null, reviewedByMe: false, hidden: true };
  return {
    count: t.count,
    yes: t.yes,
    no: t.no,
    abstain: t.abstain,
    averageScore: t.scoreCount ? Math.round((t.scoreSum / t.scoreCount) * 100) / 100 : null,
    reviewedByMe: t.mine,
    hidden: false,
  };
}
