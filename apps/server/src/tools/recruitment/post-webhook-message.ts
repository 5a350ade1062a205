import { z } from 'zod';
import { callUpstream } from '@server/core/http/call-upstream';
import type { JobTransaction } from '@server/core/jobs/job-queue';
import type { RecruitmentDeps } from './recruitment-deps';
import { cutText } from '@server/core/text/cut-text';

/** Issue 12 item 3: each webhook message is a durable job, retried until Discord takes it. */
export const WEBHOOK_MESSAGE = 'recruitment.webhook-message';
const WebhookMessagePayload = z.object({ content: z.string() });
/** A message Discord keeps refusing is given up after this many retries (about 15 minutes at 30 s). */
const WEBHOOK_RETRY_LIMIT = 5;

type WebhookDeps = Pick<RecruitmentDeps, 'webhookUrl' | 'webhookTimeoutMs' | 'log'>;

/**
 * Beyond 000: an optional Discord webhook (RECRUITMENT_WEBHOOK_URL) hears of each new application and
 * each decision. Issue 12 item 3: the message is queued (ctx.jobs) and sent by the worker, retried
 * with backoff when Discord refuses it or cannot be reached, and kept across a restart. Answers
 * whether it was queued. Decision 0043: the message of a change is queued `within` that change's
 * transaction, so it exists exactly when the change does, and a failure to queue fails the change;
 * without one (the digest's run, a job that retries on its own) a failure to queue is logged.
 */
export async function postWebhookMessage(
  deps: WebhookDeps & Pick<RecruitmentDeps, 'jobs'>,
  content: string,
  within?: JobTransaction,
): Promise<boolean> {
  if (!deps.webhookUrl) return false;
  if (within) {
    await deps.jobs.enqueue(WEBHOOK_MESSAGE, { content }, { within });
    return true;
  }
  try {
    await deps.jobs.enqueue(WEBHOOK_MESSAGE, { content });
    return true;
  } catch (error) {
    deps.log.warn({ err: error }, 'recruitment webhook message could not be queued');
    return false;
  }
}

/**
 * Sends now and answers whether Discord took it. Mentions are switched off so a username like
 * '@everyone' cannot ping anyone. For a caller that is itself a job and retries on its own.
 */
export async function sendWebhookMessage(deps: WebhookDeps, content: string): Promise<boolean> {
  if (!deps.webhookUrl) return false;
  try {
    const response = await callUpstream(deps.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: cutText(content, 2000), allowed_mentions: { parse: [] } }),
      timeoutMs: deps.webhookTimeoutMs,
    });
    if (!response.ok) deps.log.warn({ status: response.status }, 'recruitment webhook refused the message');
    return response.ok;
  } catch (error) {
    deps.log.warn({ err: error }, 'recruitment webhook could not be reached');
    return false;
  }
}

/** The worker's side, defined when the tool registers (in every process, so any may send). */
export function defineWebhookMessageJob(deps: WebhookDeps & Pick<RecruitmentDeps, 'jobs'>, retryDelaySeconds: number): void {
  deps.jobs.define(
    WEBHOOK_MESSAGE,
    WebhookMessagePayload,
    async ({ content }) => {
      // A webhook removed from the settings since: nothing to send.
      if (!deps.webhookUrl) return;
      if (!(await sendWebhookMessage(deps, content))) throw new Error('The recruitment webhook did not take the message.');
    },
    { retryLimit: WEBHOOK_RETRY_LIMIT, retryDelaySeconds },
  );
}
