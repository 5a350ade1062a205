import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedAnswer, type CreateRoleRequest } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 POST /api/roles/create {name} -> {id}. */
export function createRole(body: CreateRoleRequest) {
  return apiRequest(`${API}/roles/create`, { method: 'POST', body, schema: CreatedAnswer });
}

export function useCreateRole() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createRole, onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.roles }) });
}
