import type { DigestSentAnswer } from '@guildhall/contracts/recruitment';
import { DomainError } from '@server/core/errors/domain-error';
import { daysSettingMs } from './days-setting';
import { postWaitingDigest } from './post-daily-digest';
import { readSettings } from './read-settings';
import type { RecruitmentDeps } from './recruitment-deps';

/**
 * Issue 13 item 6: "Send digest now" on the dashboard. An admin who just set the reminder, or wants
 * the team nudged before the daily run, posts the same digest at once (through the same durable
 * webhook job). The daily series is left as it is. Refused with a sentence when there is no webhook
 * or no wait set, since there would be nothing to send or nothing to list.
 */
export async function sendDigestNow(deps: RecruitmentDeps): Promise<DigestSentAnswer> {
  if (!deps.webhookUrl) throw new DomainError('recruitment.no_webhook');
  const { stageWaitDays } = await readSettings(deps);
  if (daysSettingMs(stageWaitDays) === null) throw new DomainError('recruitment.no_stage_wait');
  return postWaitingDigest(deps, stageWaitDays);
}
