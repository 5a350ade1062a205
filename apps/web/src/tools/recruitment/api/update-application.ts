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
    // A refused move may name a stage another admin removed since the stage list was read (cached, and
    // not read again on focus): read it again, so the cards' 'Change Stage...' stop offering it
    // (000 §2; the board compares its own columns, pipeline-board.tsx).
    onError: () => client.invalidateQueries({ queryKey: recruitmentKeys.stages }),
    onSettled: () => client.invalidateQueries({ queryKey: recruitmentKeys.applications }),
  });
}
