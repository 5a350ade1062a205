import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GrantsAnswer } from '@guildhall/contracts/admin';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /admin/api/grants?page= (owners only): one page of the roles held, by role then Discord ID. */
export function getGrants(page: number, signal?: AbortSignal): Promise<GrantsAnswer> {
  return apiRequest('/admin/api/grants', { query: { page }, schema: GrantsAnswer, signal });
}

export function useGrants(page: number) {
  return useQuery({
    queryKey: adminKeys.grants(page),
    queryFn: ({ signal }) => getGrants(page, signal),
    // The page being read stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
