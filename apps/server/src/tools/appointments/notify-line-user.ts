import type { AppointmentsDeps } from './appointments-deps';

/**
 * Optional LINE Messaging API push (POST /v2/bot/message/push) confirming a booking or a change.
 * It runs after the booking is stored and never fails it: without a channel token it is off, and a
 * LINE failure is only logged. Tracked in deps.pending so tests and shutdown can wait for it.
 */
export function notifyLineUser(deps: Pick<AppointmentsDeps, 'line' | 'log' | 'pending'>, to: string, text: string): void {
  const token = deps.line.channelToken;
  if (!token) return;
  const push = (async () => {
    try {
      const response = await fetch(`${deps.line.baseUrl}/v2/bot/message/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ to, messages: [{ type: 'text', text: text.slice(0, 5000) }] }),
        signal: AbortSignal.timeout(deps.line.timeoutMs),
      });
      if (!response.ok) deps.log.warn({ status: response.status }, 'LINE push message was refused');
    } catch (error) {
      deps.log.warn({ err: error }, 'LINE push message failed');
    }
  })();
  deps.pending.add(push);
  void push.finally(() => deps.pending.delete(push));
}
