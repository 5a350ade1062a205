import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 POST /api/questions/{id}/delete. */
export function deleteQuestion(id: number) {
  return apiRequest(`${API}/questions/${id}/delete`, { method: 'POST', schema: DeletedAnswer });
}

export function useDeleteQuestion() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteQuestion, onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.questions }) });
}
