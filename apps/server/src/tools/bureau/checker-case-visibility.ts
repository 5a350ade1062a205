import type { CheckStatusAnswer } from '@guildhall/contracts/bureau';
import type { BureauDeps } from './bureau-deps';
import { currentBanCase, isExpired } from './bureau-cases';

/**
 * Issue 14 item 2: the public checker keeps 001's cards and shows only visible, unexpired
 * information. A ban whose case has expired (its lift may still be queued) reads as no ban; a ban
 * whose case is hidden still reads 'Banned', with moderator and reason 'Unknown' (001 §2). Only a
 * banned answer costs the one indexed read.
 */
export async function withCaseVisibility(deps: Pick<BureauDeps, 'db' | 'now'>, answer: CheckStatusAnswer): Promise<CheckStatusAnswer> {
  if (answer.result === 'not_found' || !answer.ban) return answer;
  // 001 §8: a failing ban read is silent; so is a failing case read (the ban shows as the registry holds it).
  const banCase = await currentBanCase(deps, answer.roblox.id).catch(() => null);
  if (!banCase) return answer;
  if (isExpired(banCase, deps.now())) return answer.result === 'verified' ? { ...answer, ban: null } : { result: 'not_found' };
  if (banCase.hidden === 1) return { ...answer, ban: { ...answer.ban, moderator: null, reason: null } };
  return answer;
}
