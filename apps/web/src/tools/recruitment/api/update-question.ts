import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedAnswer, type UpdateQuestionRequest } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 3: POST /api/questions/{id}/update {text, type, options, roleIds}. */
export function updateQuestion(id: number, body: UpdateQuestionRequest) {
  return apiRequest(`${API}/questions/${id}/update`, { method: 'POST', body, schema: DeletedAnswer });
}

export function useUpdateQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateQuestionRequest }) => updateQuestion(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.questions }),
  });
}
