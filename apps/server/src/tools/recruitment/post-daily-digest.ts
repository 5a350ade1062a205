import { z } from 'zod';
import type { JobTransaction } from '@server/core/jobs/job-queue';
import type { RecruitmentDeps } from './recruitment-deps';
import { listWaitingApplications } from './list-waiting-applications';
import { postWebhookMessage } from './post-webhook-message';
import { readSettings } from './read-settings';

/** Issue 13 item 6: the recurring job: each run posts the digest and queues the next day's run. */
export const DAILY_DIGEST = 'recruitment.daily-digest';
export const DailyDigestPayload = z.object({ day: z.string() });
const DAY_MS = 86_400_000;
/** Lines in one message (a Discord message holds 2000 characters); the rest are counted. */
const MAX_LINES = 20;

/** The next digest time strictly after `now`: today's or tomorrow's `hourUtc`:00 UTC. */
export function nextDigestAt(now: number, hourUtc: number): number {
  const today = Math.floor(now / DAY_MS) * DAY_MS + hourUtc * 3_600_000;
  return today > now ? today : today + DAY_MS;
}

/**
 * Queues the digest's next run. One job per day: the singleton key is the day, so every process
 * that starts, and the run that queues its successor, agree on one job.
 */
export async function scheduleDailyDigest(
  deps: Pick<RecruitmentDeps, 'jobs' | 'now' | 'digestHourUtc'>,
  within?: JobTransaction,
): Promise<void> {
  const at = nextDigestAt(deps.now(), deps.digestHourUtc);
  const day = new Date(at).toISOString().slice(0, 10);
  await deps.jobs.enqueue(DAILY_DIGEST, { day }, { runAt: at, singletonKey: `digest:${day}`, ...(within ? { within } : {}) });
}

/** The webhook message listing the applications waiting too long in a stage. */
export function digestText(waiting: Awaited<ReturnType<typeof listWaitingApplications>>, days: string): string {
  const lines = waiting
    .slice(0, MAX_LINES)
    .map((w) => `• #${w.id} ${w.username} (${w.job}): ${w.days} days in "${w.stageName ?? 'no stage'}"`);
  if (waiting.length > MAX_LINES) lines.push(`… and ${waiting.length - MAX_LINES} more.`);
  const count = waiting.length === 1 ? '1 application has' : `${waiting.length} applications have`;
  return [`⏰ Daily digest: ${count} waited more than ${days} days in a stage.`, ...lines].join('\n');
}

/**
 * Issue 13 item 6: the daily digest. It queues tomorrow's run first (so a failing webhook never ends
 * the series), then, when a wait is set and something waits, posts the list to the webhook
 * (postWebhookMessage, itself retried); one that cannot be handed over throws so the queue retries.
 */
export async function postDailyDigest(deps: RecruitmentDeps): Promise<void> {
  await scheduleDailyDigest(deps);
  const settings = await readSettings(deps);
  const { waiting, sent } = await postWaitingDigest(deps, settings.stageWaitDays);
  if (waiting && deps.webhookUrl && !sent) throw new Error('The digest could not be handed to the webhook.');
}

/**
 * The digest of what waits now, queued for the webhook when something waits (the daily run and
 * "Send digest now" alike); answers how many it listed and whether the message was queued.
 */
export async function postWaitingDigest(deps: RecruitmentDeps, stageWaitDays: string): Promise<{ waiting: number; sent: boolean }> {
  const waiting = await listWaitingApplications(deps, stageWaitDays);
  if (!waiting.length || !deps.webhookUrl) return { waiting: waiting.length, sent: false };
  return { waiting: waiting.length, sent: await postWebhookMessage(deps, digestText(waiting, stageWaitDays)) };
}
