import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedAnswer, type UpdateStageRequest } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 3: POST /api/stages/{id}/update {name, color}. */
export function updateStage(id: number, body: UpdateStageRequest) {
  return apiRequest(`${API}/stages/${id}/update`, { method: 'POST', body, schema: DeletedAnswer });
}

export function useUpdateStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateStageRequest }) => updateStage(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.stages }),
  });
}
