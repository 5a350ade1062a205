import { type CreateStageAnswer, type CreateStageRequest, DEFAULT_STAGE_COLOR } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/** 000 §7 POST /api/stages/create {name, color} -> {id, ordering, color}; new stages go last. */
export async function createStage(deps: Pick<RecruitmentDeps, 'db'>, request: CreateStageRequest): Promise<CreateStageAnswer> {
  const color = (request.color ?? DEFAULT_STAGE_COLOR).toLowerCase();
  return deps.db.transaction().execute(async (trx) => {
    const last = await trx.selectFrom('recruitment_stages').select((eb) => eb.fn.max('ordering').as('max')).executeTakeFirst();
    const ordering = Number(last?.max ?? -1) + 1;
    const row = await trx.insertInto('recruitment_stages').values({ name: request.name, ordering, color }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id, ordering, color };
  });
}
