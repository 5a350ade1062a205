import { type QueryClient, useQuery } from '@tanstack/react-query';
import { MeAnswer } from '@guildhall/contracts';
import { apiRequest } from '../lib/api-client';

/** GET /auth/api/me: who is signed in (any kind of sign-in), and whether the dev sign-in is on. */
export function getMe(signal?: AbortSignal): Promise<MeAnswer> {
  return apiRequest('/auth/api/me', { schema: MeAnswer, signal });
}

export const meQueryKey = ['auth', 'me'] as const;

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

/**
 * Issue 10 item 22: every sign-in and sign-out made by fetch (the school tools' own logins) replaces
 * or ends the browser's one session cookie, so who is signed in must be asked again at once, not on
 * the next page load.
 */
export function invalidateMe(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: meQueryKey });
}
