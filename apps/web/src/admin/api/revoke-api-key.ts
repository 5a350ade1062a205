import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RevokeApiKeyAnswer } from '@guildhall/contracts/admin';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

/** DELETE /admin/api/keys/:id: the key stops working at once. */
export function revokeApiKey(id: string): Promise<RevokeApiKeyAnswer> {
  return apiRequest(`/admin/api/keys/${encodeURIComponent(id)}`, { method: 'DELETE', schema: RevokeApiKeyAnswer });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => Promise.all([adminKeys.allApiKeys, adminKeys.allAudit].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
