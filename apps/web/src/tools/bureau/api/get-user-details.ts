import { useQuery } from '@tanstack/react-query';
import { UserDetailsAnswer, type UserDetailsQuery } from '@guildhall/contracts/bureau';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /bureau/api/user-details?discordId=&robloxId= (001 §7 "Lookup worker", staff only). A lookup
 * that is not ok answers 'Failed to fetch user details from API: {status text}' (001 §8).
 */
export function getUserDetails(query: UserDetailsQuery, signal?: AbortSignal): Promise<UserDetailsAnswer> {
  return apiRequest('/bureau/api/user-details', {
    query: { discordId: query.discordId, robloxId: query.robloxId },
    schema: UserDetailsAnswer,
    signal,
  });
}

export const userDetailsKey = (query: UserDetailsQuery) => ['bureau', 'user-details', query.discordId, query.robloxId] as const;

/** The names beside a pair's IDs on screen (001 §2 "Infraction lookup page": discordId and robloxId in). */
export function useUserDetails(query: UserDetailsQuery | null) {
  return useQuery({
    queryKey: userDetailsKey(query ?? { discordId: '', robloxId: '' }),
    queryFn: ({ signal }) => getUserDetails(query!, signal),
    enabled: query !== null,
    retry: false,
  });
}
