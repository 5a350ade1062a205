import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GrantChangeAnswer, type GrantRequest } from '@guildhall/contracts/admin';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /admin/api/grants: gives a Discord user a role (granting what is held changes nothing). */
export function giveGrant(body: GrantRequest): Promise<GrantChangeAnswer> {
  return apiRequest('/admin/api/grants', { method: 'POST', body, schema: GrantChangeAnswer });
}

export function useGiveGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giveGrant,
    onSettled: () => Promise.all([adminKeys.allGrants, adminKeys.allAudit].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
