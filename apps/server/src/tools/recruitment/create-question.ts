import type { z } from 'zod';
import type { CreateQuestionRequest, CreatedAnswer } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/** The request after parsing: options trimmed, empties dropped (000 §5). */
export type NewQuestion = z.output<typeof CreateQuestionRequest>;

/** 000 §7 POST /api/questions/create {text, type, options} -> {id}; options kept as JSON text (000 §3). */
export async function createQuestion(deps: Pick<RecruitmentDeps, 'db'>, request: NewQuestion): Promise<CreatedAnswer> {
  const options = request.type === 'multiple-choice' ? JSON.stringify(request.options ?? []) : null;
  const row = await deps.db
    .insertInto('recruitment_questions')
    .values({ text: request.text, type: request.type, options })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}
