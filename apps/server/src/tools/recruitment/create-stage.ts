import { sql } from 'kysely';
import { type CreateStageAnswer, type CreateStageRequest, DEFAULT_STAGE_COLOR } from '@guildhall/contracts/recruitment';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * 000 §7 POST /api/stages/create {name, color} -> {id, ordering, color}; new stages go last. The
 * ordering is derived in the insert itself and is unique (index recruitment_stages_ordering), so
 * stages created at once cannot share a place and "the first stage is the default" (000 §4) stays
 * well defined (issue 10 item 9): a creator that lost the race runs again after the winner.
 */
export async function createStage(deps: Pick<RecruitmentDeps, 'db'>, request: CreateStageRequest): Promise<CreateStageAnswer> {
  const color = (request.color ?? DEFAULT_STAGE_COLOR).toLowerCase();
  const row = await retryOnWriteConflict(
    () =>
      deps.db
        .insertInto('recruitment_stages')
        .columns(['name', 'ordering', 'color'])
        .expression((eb) =>
          eb
            .selectFrom('recruitment_stages')
            .select([
              sql<string>`cast(${request.name} as text)`.as('name'),
              sql<number>`coalesce(max(ordering), -1) + 1`.as('ordering'),
              sql<string>`cast(${color} as text)`.as('color'),
            ]),
        )
        .returning(['id', 'ordering'])
        .executeTakeFirstOrThrow(),
    { giveUp: 'Many stages were being created at once; please create this one again.' },
  );
  return { id: row.id, ordering: Number(row.ordering), color };
}
