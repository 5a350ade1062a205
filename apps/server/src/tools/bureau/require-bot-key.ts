import type { FastifyRequest } from 'fastify';
import type { BotScope, CaseType, HistoryActor, Platform } from '@guildhall/contracts/bureau';
import { assertKeyHolds, requireApiKey } from '@server/core/auth/api-keys';

/**
 * Issue 14 item 4: a bot call needs a live key holding the call's scope (bureau-pairs, bureau-bans,
 * bureau-cases; bureau-bot holds all three). The key is the history's actor: its id and name.
 */
export async function requireBotKey(request: FastifyRequest, scope: BotScope): Promise<HistoryActor> {
  const key = await requireApiKey(request, `bureau-${scope}`);
  return { kind: 'bot', id: key.id, name: key.name };
}

/**
 * Decision 0060: a bot's case call that writes or clears 001 §3's RobloxData/{robloxId}/Ban does the work
 * of `PUT/DELETE /bans`, so it needs bureau-bans as well as bureau-cases (a key holding bureau-cases alone
 * banned and unbanned any Roblox account this way). Decision 0031: opening a Roblox ban case writes the
 * ban and an unban case clears it; a ban case's text, expiry and hidden flag are its ban's (the checker
 * shows them), and amending it out of a ban or ending it lifts the ban. `before` is null for a case being
 * opened; `after` is the type asked for, if any.
 */
export function botCaseNeedsBans(platform: Platform, before: CaseType | null, after: CaseType | undefined): boolean {
  if (platform !== 'Roblox') return false;
  return before === 'ban' || ((after === 'ban' || after === 'unban') && after !== before);
}

/**
 * A bot key for a case call (bureau-cases), read once: the history's actor, and decision 0060's check of
 * whether the call does a ban's work, made against the case as the write holds it (CaseCheck), since a
 * racing amendment can make a warning a ban between a read before the write and the write.
 */
export async function requireBotCaseKey(
  request: FastifyRequest,
): Promise<{ actor: HistoryActor; checkBans: (platform: Platform, before: CaseType | null, after: CaseType | undefined) => void }> {
  const key = await requireApiKey(request, 'bureau-cases');
  return {
    actor: { kind: 'bot', id: key.id, name: key.name },
    checkBans: (platform, before, after) => {
      if (botCaseNeedsBans(platform, before, after)) assertKeyHolds(key, 'bureau-bans');
    },
  };
}
