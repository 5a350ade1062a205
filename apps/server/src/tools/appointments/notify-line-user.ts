import { callUpstream } from '@server/core/http/call-upstream';
import type { AppointmentsDeps } from './appointments-deps';
import { cutText } from '@server/core/text/cut-text';

/**
 * Optional LINE Messaging API push (POST /v2/bot/message/push) confirming a booking or a change.
 * It runs after the booking is stored and never fails it: without a channel token it is off, and a
 * LINE failure is only logged. Tracked in deps.pending so tests and shutdown can wait for it.
 */
export function notifyLineUser(deps: Pick<AppointmentsDeps, 'line' | 'log' | 'pending'>, to: string, text: string): void {
  if (!deps.line.channelToken) return;
  const push = (async () => {
    try {
      await pushLineMessage(deps, to, text);
    } catch (error) {
      deps.log.warn({ err: error }, 'LINE push message failed');
    }
  })();
  deps.pending.add(push);
  void push.finally(() => deps.pending.delete(push));
}

/** One push, awaited: throws when LINE refuses or cannot be reached (a job's retry needs to know). */
export async function pushLineMessage(deps: Pick<AppointmentsDeps, 'line'>, to: string, text: string): Promise<void> {
  const token = deps.line.channelToken;
  if (!token) return;
  const response = await callUpstream(`${deps.line.baseUrl}/v2/bot/message/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ to, messages: [{ type: 'text', text: cutText(text, 5000) }] }),
    timeoutMs: deps.line.timeoutMs,
  });
  if (!response.ok) throw new Error(`LINE push message was refused (${response.status})`);
}
