import type { z } from 'zod';
import {
  type SubmitApplicationAnswer,
  type SubmitApplicationRequest,
  UPLOAD_PATH_PATTERN,
  parseOptions,
  uploadUrl,
} from '@guildhall/contracts/recruitment';
import { isUniqueViolation } from '@server/core/db/database';
import { DomainError } from '@server/core/errors/domain-error';
import { assertMayApply } from './assert-may-apply';
import type { RecruitmentDeps } from './recruitment-deps';
import { listQuestions } from './list-questions';
import { listStages } from './list-stages';
import { postWebhookMessage } from './post-webhook-message';

export type Submission = z.output<typeof SubmitApplicationRequest>;

export interface Applicant {
  userId: string;
  username: string;
  avatar: string | null;
}

/**
 * 000 §7 POST /api/submit {jobSelection, answers}. Checked here because 000 §5 leaves the server
 * side to us: applications are open and inside the period; the role exists; every current question
 * is answered by its type (a choice among its options, a file this applicant uploaded); no answer to
 * a question that does not exist. One application per user is the unique index on user_id, so two
 * tabs or a double click create one and the other gets 409 (000 §4).
 */
export async function submitApplication(
  deps: RecruitmentDeps,
  applicant: Applicant,
  submission: Submission,
): Promise<SubmitApplicationAnswer> {
  await assertMayApply(deps, applicant.userId);

  const role = await deps.db
    .selectFrom('recruitment_roles')
    .select(['id', 'name'])
    .where('id', '=', submission.jobSelection)
    .executeTakeFirst();
  if (!role)
    throw new DomainError('invalid_input', 'jobSelection: that role does not exist (it may have been removed). Please choose another.');

  const questions = await listQuestions(deps);
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
    answers[key] = question.type === 'file' ? await ownUploadUrl(deps, applicant.userId, answer, field, question.text) : answer;
    labels[key] = question.text;
  }

  // 000 §4: the first stage in the list is the default for new applications.
  const [firstStage] = await listStages(deps);
  const now = deps.now();
  let id: number;
  try {
    const row = await deps.db
      .insertInto('recruitment_applications')
      .values({
        user_id: applicant.userId,
        username: applicant.username,
        username_lower: applicant.username.toLowerCase(),
        avatar: applicant.avatar,
        role_id: role.id,
        job: role.name,
        answers: JSON.stringify(answers),
        question_labels: JSON.stringify(labels),
        status: 'Pending',
        stage_id: firstStage?.id ?? null,
        stage_name: firstStage?.name ?? null,
        stage_color: firstStage?.color ?? null,
        feedback: null,
        created_at: now,
        status_updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('recruitment.already_applied');
    throw error;
  }
  void postWebhookMessage(deps, `📝 New application #${id} from ${applicant.username} for ${role.name}.`);
  return { success: true, id };
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
