import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateApplicationAnswer, type UpdateApplicationRequest } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 POST /api/applications/{id}/update {status, feedback, stageId}. */
export function updateApplication(id: number, body: UpdateApplicationRequest) {
  return apiRequest(`${API}/applications/${id}/update`, { method: 'POST', body, schema: UpdateApplicationAnswer });
}

export function useUpdateApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateApplicationRequest }) => updateApplication(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: recruitmentKeys.applications }),
  });
}
