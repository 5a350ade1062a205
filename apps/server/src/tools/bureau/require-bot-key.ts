import type { FastifyRequest } from 'fastify';
import type { BotScope, HistoryActor } from '@guildhall/contracts/bureau';
import { requireApiKey } from '@server/core/auth/api-keys';

/**
 * Issue 14 item 4: a bot call needs a live key holding the call's scope (bureau-pairs, bureau-bans,
 * bureau-cases; bureau-bot holds all three). The key is the history's actor: its id and name.
 */
export async function requireBotKey(request: FastifyRequest, scope: BotScope): Promise<HistoryActor> {
  const key = await requireApiKey(request, `bureau-${scope}`);
  return { kind: 'bot', id: key.id, name: key.name };
}
