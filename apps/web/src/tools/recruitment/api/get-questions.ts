import { useQuery } from '@tanstack/react-query';
import { QuestionsAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 GET /api/questions. */
export function getQuestions(signal?: AbortSignal) {
  return apiRequest(`${API}/questions`, { schema: QuestionsAnswer, signal });
}

export function useQuestions() {
  return useQuery({ queryKey: recruitmentKeys.questions, queryFn: ({ signal }) => getQuestions(signal) });
}
