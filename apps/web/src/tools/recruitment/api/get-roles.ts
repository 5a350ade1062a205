import { useQuery } from '@tanstack/react-query';
import { RolesAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 GET /api/roles. */
export function getRoles(signal?: AbortSignal) {
  return apiRequest(`${API}/roles`, { schema: RolesAnswer, signal });
}

export function useRoles() {
  return useQuery({ queryKey: recruitmentKeys.roles, queryFn: ({ signal }) => getRoles(signal) });
}
