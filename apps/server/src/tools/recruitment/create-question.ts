import { sql } from 'kysely';
import type { z } from 'zod';
import type { CreateQuestionRequest, CreatedAnswer } from '@guildhall/contracts/recruitment';
import { setQuestionRoles } from './question-roles';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import type { RecruitmentDeps } from './recruitment-deps';

/** The request after parsing: options trimmed, empties dropped (000 §5). */
export type NewQuestion = z.output<typeof CreateQuestionRequest>;

/**
 * 000 §7 POST /api/questions/create {text, type, options} -> {id}; options kept as JSON text (000 §3).
 * Issue 13 item 3: new questions go last, and may be asked for chosen roles only (roleIds).
 */
export async function createQuestion(deps: Pick<RecruitmentDeps, 'db'>, request: NewQuestion): Promise<CreatedAnswer> {
  const options = request.type === 'multiple-choice' ? JSON.stringify(request.options ?? []) : null;
  // The ordering is unique (index recruitment_questions_ordering): a creator that lost a race runs again.
  return retryOnWriteConflict(
    () =>
      deps.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('recruitment_questions')
          .values({
            text: request.text,
            type: request.type,
            options,
            ordering: sql<number>`(select coalesce(max(ordering), -1) + 1 from recruitment_questions)`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setQuestionRoles(trx, row.id, request.roleIds);
        return { id: row.id };
      }),
    { giveUp: 'Many questions were being created at once; please create this one again.' },
  );
}
