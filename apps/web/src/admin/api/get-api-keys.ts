import { useQuery } from '@tanstack/react-query';
import { ApiKeysAnswer } from '@guildhall/contracts/admin';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /admin/api/keys (owners only): every bot API key, without secrets, and the scopes a new one may hold. */
export function getApiKeys(signal?: AbortSignal): Promise<ApiKeysAnswer> {
  return apiRequest('/admin/api/keys', { schema: ApiKeysAnswer, signal });
}

export function useApiKeys() {
  return useQuery({ queryKey: adminKeys.apiKeys, queryFn: ({ signal }) => getApiKeys(signal) });
}
