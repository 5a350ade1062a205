import { callUpstream, type UpstreamAnswer } from '@server/core/http/call-upstream';
import type { JobContext } from '@server/core/jobs/job-queue';
import type { RecruitmentDeps } from './recruitment-deps';
import { DM_RETRY_LIMIT } from './notify-applicant';
import { cutText } from '@server/core/text/cut-text';

/** A failure Discord will answer the same way next time (no DMs from this bot, unknown user): not retried. */
class PermanentDmFailure extends Error {}

/**
 * Issue 13 item 5: the job that sends one applicant DM through Discord's API as the community's bot:
 * POST /users/@me/channels {recipient_id} opens the DM channel, POST /channels/{id}/messages sends it,
 * mentions off. Safe to repeat (a sent row is skipped). A transient failure (network, 429, 5xx) throws
 * so the queue retries; a permanent one (4xx) or the last retry marks the row failed for admins.
 */
export async function sendApplicantDm(deps: RecruitmentDeps, notificationId: number, job: Pick<JobContext, 'attempt'>): Promise<void> {
  const row = await deps.db.selectFrom('recruitment_notifications').selectAll().where('id', '=', notificationId).executeTakeFirst();
  if (!row || row.state !== 'pending' || !deps.discordBotToken) return;
  const mark = (state: 'sent' | 'pending' | 'failed', error: string | null) =>
    deps.db
      .updateTable('recruitment_notifications')
      .set({ state, last_error: error, attempts: row.attempts + 1, updated_at: deps.now() })
      .where('id', '=', notificationId)
      .execute();
  try {
    const channel = await callDiscord(deps, '/users/@me/channels', { recipient_id: row.user_id });
    const channelId = typeof channel === 'object' && channel && 'id' in channel ? String(channel.id) : '';
    if (!channelId) throw new Error('Discord did not answer a DM channel.');
    await callDiscord(deps, `/channels/${encodeURIComponent(channelId)}/messages`, {
      content: row.content,
      allowed_mentions: { parse: [] },
    });
    await mark('sent', null);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = error instanceof PermanentDmFailure || job.attempt > DM_RETRY_LIMIT;
    await mark(final ? 'failed' : 'pending', cutText(message, 500));
    deps.log.warn({ notificationId, attempt: job.attempt, final, error: message }, 'recruitment DM not sent');
    if (!final) throw error;
  }
}

async function callDiscord(deps: RecruitmentDeps, path: string, body: object): Promise<unknown> {
  let response: UpstreamAnswer;
  try {
    response = await callUpstream(`${deps.discordApiBase}${path}`, {
      method: 'POST',
      headers: { authorization: `Bot ${deps.discordBotToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      timeoutMs: deps.webhookTimeoutMs,
    });
  } catch (error) {
    throw new Error(`Discord could not be reached (${error instanceof Error ? error.message : String(error)}).`);
  }
  const answer = response.json();
  if (response.ok) return answer;
  const said = answer && typeof answer === 'object' && 'message' in answer ? String(answer.message) : response.statusText;
  const text = `Discord answered ${response.status}: ${said}`;
  // 429 and 5xx pass; other 4xx (the user does not take DMs, an unknown user, a bad token) will not.
  if (response.status !== 429 && response.status < 500) throw new PermanentDmFailure(text);
  throw new Error(text);
}
