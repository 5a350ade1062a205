import { z } from 'zod';
import type { RecruitmentDeps } from './recruitment-deps';

/** Issue 13 item 5: the job that sends one applicant DM (a row of recruitment_notifications). */
export const SEND_APPLICANT_DM = 'recruitment.send-applicant-dm';
export const SendApplicantDmPayload = z.object({ notificationId: z.number().int().positive() });
/** Retries after the first failure; after the last the notification is marked failed for admins to see. */
export const DM_RETRY_LIMIT = 3;

export interface ApplicantNews {
  applicationId: number;
  userId: string;
  job: string;
  /** The new stage's name, when the stage changed. */
  stage: string | null;
  /** The new feedback, when it changed (null: removed). */
  feedback: string | null;
}

/** The DM's text: the stage and the feedback as the status view shows them (000 §2 Personal Status). */
export function applicantDmText(news: ApplicantNews): string {
  const lines = [`Your application for ${news.job} has an update.`];
  if (news.stage !== null) lines.push(`Stage: ${news.stage}`);
  if (news.feedback) lines.push(`Feedback from our team: ${news.feedback}`);
  return lines.join('\n').slice(0, 2000);
}

/**
 * Issue 13 item 5: records the DM and queues it on the durable job queue (send-applicant-dm.ts sends
 * it with retries). Without DISCORD_BOT_TOKEN there is no bot to send from, so nothing is recorded.
 * Called after the change has committed; a queue that cannot take the job leaves the row failed,
 * visible to admins, and never fails the admin's request.
 */
export async function notifyApplicant(deps: RecruitmentDeps, news: ApplicantNews): Promise<void> {
  if (!deps.discordBotToken) return;
  const now = deps.now();
  const row = await deps.db
    .insertInto('recruitment_notifications')
    .values({
      application_id: news.applicationId,
      user_id: news.userId,
      content: applicantDmText(news),
      state: 'pending',
      attempts: 0,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await deps.jobs.enqueue(SEND_APPLICANT_DM, { notificationId: row.id });
  } catch (error) {
    deps.log.warn({ err: error, notificationId: row.id }, 'recruitment DM could not be queued');
    await deps.db
      .updateTable('recruitment_notifications')
      .set({ state: 'failed', last_error: 'The message could not be queued.', updated_at: deps.now() })
      .where('id', '=', row.id)
      .execute();
  }
}
