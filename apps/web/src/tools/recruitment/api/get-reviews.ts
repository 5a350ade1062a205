import { useQuery } from '@tanstack/react-query';
import { ReviewsAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 1: GET /api/applications/{id}/reviews (admin): own review, others' (unless blind), criteria. */
export function getReviews(id: number, signal?: AbortSignal) {
  return apiRequest(`${API}/applications/${id}/reviews`, { schema: ReviewsAnswer, signal });
}

export function useReviews(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...recruitmentKeys.applications, id, 'reviews'],
    queryFn: ({ signal }) => getReviews(id, signal),
    enabled,
  });
}
