import { type InvalidateOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import type { MeAnswer } from '@guildhall/contracts';
import { apiRequest, lazySchema } from '../lib/api-client';

// Decision 0035: the shell asks this on every page; its check loads zod after the page has painted.
const meAnswer = lazySchema(() => import('@guildhall/contracts').then((m) => m.MeAnswer));

/** GET /auth/api/me: who is signed in (any kind of sign-in), and whether the dev sign-in is on. */
export function getMe(signal?: AbortSignal): Promise<MeAnswer> {
  return apiRequest('/auth/api/me', { schema: meAnswer, signal });
}

export const meQueryKey = ['auth', 'me'] as const;

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

/** Where a visitor stands before a page for a Discord sign-in holding one grant (the staff and owner gates). */
export type GrantCheck =
  | { status: 'pending' }
  | { status: 'error'; error: Error }
  | { status: 'signed-out' }
  | { status: 'missing'; subject: string }
  | { status: 'granted' };

/**
 * Decided from who is signed in alone. The server refuses the page's calls all the same; a gate only
 * spares a page of errors, and lets the server draw the sign-in on a first visit (decision 0039).
 */
export function useDiscordGrant(grant: string): GrantCheck {
  const me = useMe();
  if (me.isPending) return { status: 'pending' };
  if (me.isError) return { status: 'error', error: me.error };
  const identity = me.data.identity;
  if (!identity || identity.kind !== 'discord') return { status: 'signed-out' };
  return identity.grants.includes(grant) ? { status: 'granted' } : { status: 'missing', subject: identity.subject };
}

/**
 * Issue 10 item 22: every sign-in and sign-out made by fetch (the school tools' own logins) replaces
 * or ends the browser's one session cookie, so who is signed in must be asked again at once, not on
 * the next page load.
 */
export function invalidateMe(client: QueryClient, options?: InvalidateOptions): Promise<void> {
  return client.invalidateQueries({ queryKey: meQueryKey }, options);
}
