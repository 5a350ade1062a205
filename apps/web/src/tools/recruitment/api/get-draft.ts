import { useQuery } from '@tanstack/react-query';
import { DraftAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 2: GET /api/application/draft: the form as the applicant left it, or null. */
export function getDraft(signal?: AbortSignal) {
  return apiRequest(`${API}/application/draft`, { schema: DraftAnswer, signal });
}

export function useDraft(enabled: boolean) {
  return useQuery({ queryKey: [...recruitmentKeys.all, 'draft'], queryFn: ({ signal }) => getDraft(signal), enabled, staleTime: Infinity });
}
