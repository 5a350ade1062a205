import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiKeysAnswer, type ApiKeysQuery } from '@guildhall/contracts/admin';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, type ListQuery } from './keys';

/**
 * GET /admin/api/keys?page=&revoked= (owners only): one page of the bot API keys, newest first, without
 * secrets (live ones unless `revoked` is `show`), and the scopes a new one may hold.
 */
export function getApiKeys(query: ListQuery<ApiKeysQuery>, signal?: AbortSignal): Promise<ApiKeysAnswer> {
  return apiRequest('/admin/api/keys', { query: { page: query.page, revoked: query.revoked }, schema: ApiKeysAnswer, signal });
}

export function useApiKeys(query: ListQuery<ApiKeysQuery>) {
  return useQuery({
    queryKey: adminKeys.apiKeys(query),
    queryFn: ({ signal }) => getApiKeys(query, signal),
    // The page being read stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
