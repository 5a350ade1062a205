import { z } from 'zod';
import type { RecruitmentDeps } from './recruitment-deps';
import type { RecruitmentDb } from './recruitment-tables';
import { cutText } from '@server/core/text/cut-text';

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
  return cutText(lines.join('\n'), 2000);
}

/**
 * Issue 13 item 5: records the DM and queues it on the durable job queue (send-applicant-dm.ts sends
 * it with retries). Without DISCORD_BOT_TOKEN there is no bot to send from, so nothing is recorded.
 * Decision 0043: both in the transaction of the change the DM tells of, so an applicant is never
 * left untold by a change that stands (a crash after the commit, a refused row); a failure to record
 * or queue fails the change, which the admin then makes again.
 */
export async function notifyApplicant(deps: RecruitmentDeps, news: ApplicantNews, trx: RecruitmentDb): Promise<void> {
  if (!deps.discordBotToken) return;
  const now = deps.now();
  const row = await trx
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
  await deps.jobs.enqueue(SEND_APPLICANT_DM, { notificationId: row.id }, { within: trx });
}
