import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedAnswer, type UpdateRoleRequest } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 3: POST /api/roles/{id}/update {name}. */
export function updateRole(id: number, body: UpdateRoleRequest) {
  return apiRequest(`${API}/roles/${id}/update`, { method: 'POST', body, schema: DeletedAnswer });
}

export function useUpdateRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateRoleRequest }) => updateRole(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.roles }),
  });
}
