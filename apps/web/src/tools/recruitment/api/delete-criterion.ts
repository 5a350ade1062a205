import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 1: POST /api/criteria/{id}/delete. */
export function deleteCriterion(id: number) {
  return apiRequest(`${API}/criteria/${id}/delete`, { method: 'POST', schema: DeletedAnswer });
}

export function useDeleteCriterion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCriterion,
    onSuccess: () => client.invalidateQueries({ queryKey: [...recruitmentKeys.all, 'criteria'] }),
  });
}
