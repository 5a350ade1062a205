import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedAnswer, type CreateQuestionRequest } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 POST /api/questions/create {text, type, options} -> {id}. */
export function createQuestion(body: CreateQuestionRequest) {
  return apiRequest(`${API}/questions/create`, { method: 'POST', body, schema: CreatedAnswer });
}

export function useCreateQuestion() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createQuestion, onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.questions }) });
}
