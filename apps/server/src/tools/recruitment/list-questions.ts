import type { Question, QuestionType } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * 000 §3 Question: options stays JSON array text, as the web app reads it (000 §5). Issue 13 item 3:
 * in the admins' order, removed ones left out, each with the roles it is asked for ([] = every role).
 */
export async function listQuestions(deps: Pick<RecruitmentDeps, 'db'>): Promise<Question[]> {
  const [rows, scopes] = await Promise.all([
    deps.db
      .selectFrom('recruitment_questions')
      .select(['id', 'text', 'type', 'options'])
      .where('deleted_at', 'is', null)
      .orderBy('ordering')
      .orderBy('id')
      .execute(),
    deps.db.selectFrom('recruitment_question_roles').select(['question_id', 'role_id']).orderBy('role_id').execute(),
  ]);
  const roleIds = new Map<number, number[]>();
  for (const s of scopes) roleIds.set(s.question_id, [...(roleIds.get(s.question_id) ?? []), s.role_id]);
  return rows.map((r) => ({ ...r, type: r.type as QuestionType, roleIds: roleIds.get(r.id) ?? [] }));
}
