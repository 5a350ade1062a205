import type { RecruitmentDeps } from './recruitment-deps';

/**
 * Beyond 000: an optional Discord webhook (RECRUITMENT_WEBHOOK_URL) hears of each new application and
 * each decision. Mentions are switched off so a username like '@everyone' cannot ping anyone. A
 * failing webhook is logged and never fails the request that caused it.
 */
export async function postWebhookMessage(
  deps: Pick<RecruitmentDeps, 'webhookUrl' | 'webhookTimeoutMs' | 'log'>,
  content: string,
): Promise<boolean> {
  if (!deps.webhookUrl) return false;
  try {
    const response = await fetch(deps.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: content.slice(0, 2000), allowed_mentions: { parse: [] } }),
      signal: AbortSignal.timeout(deps.webhookTimeoutMs),
    });
    if (!response.ok) deps.log.warn({ status: response.status }, 'recruitment webhook refused the message');
    return response.ok;
  } catch (error) {
    deps.log.warn({ err: error }, 'recruitment webhook could not be reached');
    return false;
  }
}
