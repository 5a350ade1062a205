import { type BoardAnswer, type BoardCard, type BoardColumn, type BoardQuery, DEFAULT_STAGE_COLOR } from '@guildhall/contracts/recruitment';
import type { z } from 'zod';
import { listStages } from './list-stages';
import { hiddenApplicants, hiddenName } from './hidden-applicants';
import { type RecruitmentDeps, toIso } from './recruitment-deps';

const CARD_COLUMNS = ['id', 'user_id', 'username', 'avatar', 'job', 'status', 'stage_id', 'created_at', 'withdrawn_at'] as const;

/**
 * Issue 13 item 4: GET /api/board, one column per current stage in order, newest cards first, and a
 * last column 'No current stage' for applications whose stage was removed (or never set). One
 * grouped count and one indexed query per column (recruitment_applications_stage_id), so 500 cards
 * cost a handful of queries whatever the table holds.
 */
export async function getBoard(
  deps: Pick<RecruitmentDeps, 'db'>,
  query: z.output<typeof BoardQuery>,
  viewerId: string,
): Promise<BoardAnswer> {
  const stages = await listStages(deps);
  const liveIds = stages.map((s) => s.id);
  const counts = await deps.db
    .selectFrom('recruitment_applications')
    .select((eb) => ['stage_id', eb.fn.countAll().as('n')])
    .groupBy('stage_id')
    .execute();
  const countOf = new Map(counts.map((c) => [c.stage_id, Number(c.n)]));
  const toCard = (r: { [K in (typeof CARD_COLUMNS)[number]]: unknown }): BoardCard => ({
    id: Number(r.id),
    userId: String(r.user_id),
    username: String(r.username),
    hasAvatar: r.avatar !== null,
    job: String(r.job),
    status: r.status as BoardCard['status'],
    stageId: r.stage_id === null ? null : Number(r.stage_id),
    submittedAt: toIso(Number(r.created_at)),
    withdrawn: r.withdrawn_at !== null,
  });
  const columns: BoardColumn[] = await Promise.all(
    stages.map(async (stage) => {
      const rows = await deps.db
        .selectFrom('recruitment_applications')
        .select(CARD_COLUMNS)
        .where('stage_id', '=', stage.id)
        .orderBy('id', 'desc')
        .limit(query.perStage)
        .execute();
      return { stageId: stage.id, name: stage.name, color: stage.color, total: countOf.get(stage.id) ?? 0, cards: rows.map(toCard) };
    }),
  );
  // With no stages at all, every application is in this column.
  const orphans = liveIds.length
    ? deps.db.selectFrom('recruitment_applications').where((eb) => eb.or([eb('stage_id', 'is', null), eb('stage_id', 'not in', liveIds)]))
    : deps.db.selectFrom('recruitment_applications');
  const orphanTotal = [...countOf.entries()].filter(([id]) => id === null || !liveIds.includes(id)).reduce((sum, [, n]) => sum + n, 0);
  if (orphanTotal > 0) {
    const rows = await orphans.select(CARD_COLUMNS).orderBy('id', 'desc').limit(query.perStage).execute();
    columns.push({ stageId: null, name: 'No current stage', color: DEFAULT_STAGE_COLOR, total: orphanTotal, cards: rows.map(toCard) });
  }
  // Decision 0028: with blind review hiding applicants, a card this admin has not reviewed shows no
  // name, id or avatar, as in the list (the board showed them).
  const hidden = await hiddenApplicants(
    deps,
    viewerId,
    columns.flatMap((c) => c.cards.map((card) => card.id)),
  );
  const blind = (card: BoardCard): BoardCard =>
    hidden.has(card.id) ? { ...card, userId: '', username: hiddenName(card.id), hasAvatar: false } : card;
  return { columns: columns.map((c) => ({ ...c, cards: c.cards.map(blind) })) };
}
