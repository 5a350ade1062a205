import { useQuery } from '@tanstack/react-query';
import { CheckStatusAnswer, type CheckStatusQuery } from '@guildhall/contracts/bureau';
import { apiRequest } from '@/lib/api-client';

/** GET /bureau/api/check-status?type=discord|roblox&id=... (001 §2 Status checker). */
export function checkStatus(query: CheckStatusQuery, signal?: AbortSignal): Promise<CheckStatusAnswer> {
  return apiRequest('/bureau/api/check-status', { query: { type: query.type, id: query.id }, schema: CheckStatusAnswer, signal });
}

export const checkStatusKey = (query: CheckStatusQuery | null) =>
  ['bureau', 'check-status', query?.type ?? null, query?.id ?? null] as const;

/**
 * Runs the check for the last submitted query; nothing runs until there is one (001 §4: idle first).
 * Every press of 'Check Status' asks again (staleTime 0), because a ban may have been added since.
 */
export function useCheckStatus(query: CheckStatusQuery | null) {
  return useQuery({
    queryKey: checkStatusKey(query),
    queryFn: ({ signal }) => checkStatus(query!, signal),
    enabled: query !== null,
    staleTime: 0,
  });
}
