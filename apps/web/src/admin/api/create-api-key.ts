import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateApiKeyAnswer, type CreateApiKeyRequest } from '@guildhall/contracts/admin';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /admin/api/keys: a new bot key; its secret is in this answer only. */
export function createApiKey(body: CreateApiKeyRequest): Promise<CreateApiKeyAnswer> {
  return apiRequest('/admin/api/keys', { method: 'POST', body, schema: CreateApiKeyAnswer });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => Promise.all([adminKeys.allApiKeys, adminKeys.allAudit].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
