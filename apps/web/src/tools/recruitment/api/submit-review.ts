import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedAnswer, type SubmitReviewRequest } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Issue 13 item 1: POST /api/applications/{id}/review {vote, scores, comment}; sent again, it replaces one's own. */
export function submitReview(id: number, body: SubmitReviewRequest) {
  return apiRequest(`${API}/applications/${id}/review`, { method: 'POST', body, schema: CreatedAnswer });
}

export function useSubmitReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SubmitReviewRequest }) => submitReview(id, body),
    // The tally, the hidden names and the audit trail all change.
    onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.applications }),
  });
}
