import type { Question, QuestionType } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/** 000 §3 Question: options stays JSON array text, as the web app reads it (000 §5). */
export async function listQuestions(deps: Pick<RecruitmentDeps, 'db'>): Promise<Question[]> {
  const rows = await deps.db.selectFrom('recruitment_questions').select(['id', 'text', 'type', 'options']).orderBy('id').execute();
  return rows.map((r) => ({ ...r, type: r.type as QuestionType }));
}
