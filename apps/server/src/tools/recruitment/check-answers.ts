import { UPLOAD_PATH_PATTERN, parseOptions, questionAppliesTo, uploadUrl } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';
import { listQuestions } from './list-questions';

export interface CheckedAnswers {
  role: { id: number; name: string };
  answers: Record<string, string>;
  labels: Record<string, string>;
}

/**
 * The server side of 000 §5, shared by 000 §7 POST /api/submit and issue 13's edit: the role exists;
 * every current question is answered by its type (a choice among its options, a file this applicant
 * uploaded); no answer to a question that does not exist. Answers the stored answers and the
 * question texts they were given under.
 */
export async function checkAnswers(
  deps: Pick<RecruitmentDeps, 'db'>,
  userId: string,
  submission: { jobSelection: number; answers: Record<string, string> },
): Promise<CheckedAnswers> {
  const role = await deps.db
    .selectFrom('recruitment_roles')
    .select(['id', 'name'])
    .where('id', '=', submission.jobSelection)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!role)
    throw new DomainError('invalid_input', 'jobSelection: that role does not exist (it may have been removed). Please choose another.');

  // Issue 13 item 3: only the questions asked for this role (the form shows those).
  const questions = (await listQuestions(deps)).filter((q) => questionAppliesTo(q, role.id));
  const known = new Set(questions.map((q) => String(q.id)));
  const unknown = Object.keys(submission.answers).filter((id) => !known.has(id));
  if (unknown.length)
    throw new DomainError(
      'invalid_input',
      `answers: question ${unknown[0]} does not exist (it may have been removed). Please reload the form.`,
    );

  const answers: Record<string, string> = {};
  const labels: Record<string, string> = {};
  for (const question of questions) {
    const key = String(question.id);
    const answer = (submission.answers[key] ?? '').trim();
    const field = `answers.${key}`;
    if (!answer) throw new DomainError('invalid_input', `${field}: "${question.text}" needs an answer.`);
    if (question.type === 'multiple-choice' && !parseOptions(question.options).includes(answer)) {
      throw new DomainError('invalid_input', `${field}: choose one of the options of "${question.text}".`);
    }
    // A file answer is stored as the upload's own URL, rebuilt from its row, whatever name the client sent.
    answers[key] = question.type === 'file' ? await ownUploadUrl(deps, userId, answer, field, question.text) : answer;
    labels[key] = question.text;
  }
  return { role, answers, labels };
}

/** A file answer must name an upload this applicant made (never someone else's, never a link elsewhere). */
async function ownUploadUrl(
  deps: Pick<RecruitmentDeps, 'db'>,
  userId: string,
  answer: string,
  field: string,
  text: string,
): Promise<string> {
  const match = UPLOAD_PATH_PATTERN.exec(answer);
  const upload = match
    ? await deps.db.selectFrom('recruitment_uploads').select(['id', 'owner_id', 'file_name']).where('id', '=', match[1]!).executeTakeFirst()
    : undefined;
  if (!upload || upload.owner_id !== userId) throw new DomainError('invalid_input', `${field}: "${text}" needs a file that you uploaded.`);
  return uploadUrl(upload.id, upload.file_name);
}
