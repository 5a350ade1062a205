import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 POST /api/stages/{id}/delete. */
export function deleteStage(id: number) {
  return apiRequest(`${API}/stages/${id}/delete`, { method: 'POST', schema: DeletedAnswer });
}

export function useDeleteStage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteStage, onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.stages }) });
}
