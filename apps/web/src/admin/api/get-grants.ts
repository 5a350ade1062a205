import { useQuery } from '@tanstack/react-query';
import { GrantsAnswer } from '@guildhall/contracts/admin';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /admin/api/grants (owners only): every grant. */
export function getGrants(signal?: AbortSignal): Promise<GrantsAnswer> {
  return apiRequest('/admin/api/grants', { schema: GrantsAnswer, signal });
}

export function useGrants() {
  return useQuery({ queryKey: adminKeys.grants, queryFn: ({ signal }) => getGrants(signal) });
}
