import { useQuery } from '@tanstack/react-query';
import { CriteriaAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 1: GET /api/criteria (admin): every role's review criteria. */
export function getCriteria(signal?: AbortSignal) {
  return apiRequest(`${API}/criteria`, { schema: CriteriaAnswer, signal });
}

export function useCriteria() {
  return useQuery({ queryKey: [...recruitmentKeys.all, 'criteria'], queryFn: ({ signal }) => getCriteria(signal) });
}
