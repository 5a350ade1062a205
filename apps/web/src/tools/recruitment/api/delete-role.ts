import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 POST /api/roles/{id}/delete. */
export function deleteRole(id: number) {
  return apiRequest(`${API}/roles/${id}/delete`, { method: 'POST', schema: DeletedAnswer });
}

export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteRole, onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.roles }) });
}
