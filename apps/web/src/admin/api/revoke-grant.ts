import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GrantChangeAnswer, type GrantRequest } from '@guildhall/contracts/admin';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

/** DELETE /admin/api/grants/:discordId/:role: takes a role away. */
export function revokeGrant({ discordId, role }: GrantRequest): Promise<GrantChangeAnswer> {
  return apiRequest(`/admin/api/grants/${encodeURIComponent(discordId)}/${encodeURIComponent(role)}`, {
    method: 'DELETE',
    schema: GrantChangeAnswer,
  });
}

export function useRevokeGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeGrant,
    onSettled: () => Promise.all([adminKeys.allGrants, adminKeys.allAudit].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
