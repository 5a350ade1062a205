import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { CoreErrorCode } from '@guildhall/contracts/core';
import { invalidateMe, meQueryKey } from '../api/get-me';
import { ApiError } from './api-client';

/** A 4xx is the server's considered answer (bad input, not allowed, too many requests): asking again will not change it. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * A refusal that says the session is not what the page believes: not signed in (the session expired,
 * or ended in another tab), or not allowed (another person signed in there, or a grant was taken).
 * By code, not status: a wrong school password is a 401 too (invalid_credentials), and says nothing
 * about the session.
 */
export function refusalOfSession(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    (error.status === 401 && error.code === ('unauthenticated' satisfies CoreErrorCode)) ||
    (error.status === 403 && error.code === ('forbidden' satisfies CoreErrorCode))
  );
}

const isMeQuery = (key: QueryKey) => key.length === meQueryKey.length && key.every((part, i) => part === meQueryKey[i]);

export function createQueryClient(): QueryClient {
  // Decision 0054: the header, the gates and the pages decide from the cached `me` answer, which is
  // not asked again on focus. Any call the server refuses for the session asks `me` again, in this one
  // place, so they all follow the real session without a reload. No loop: `me` itself never triggers
  // it (and answers 200 with a null identity when nobody is signed in), and a refetch already on its
  // way is joined, not restarted.
  const askWhoIsSignedIn = (error: unknown) => {
    if (refusalOfSession(error)) void invalidateMe(client, { cancelRefetch: false });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => !isMeQuery(query.queryKey) && askWhoIsSignedIn(error) }),
    mutationCache: new MutationCache({ onError: (error) => askWhoIsSignedIn(error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return client;
}
