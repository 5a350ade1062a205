import { useQuery } from '@tanstack/react-query';
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
