import { useMutation } from '@tanstack/react-query';
import { type SaveDraftRequest, SuccessAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API } from './keys';

/** Issue 13 item 2: POST /api/application/draft {jobSelection, answers}, saved as the applicant types. */
export function saveDraft(body: SaveDraftRequest) {
  return apiRequest(`${API}/application/draft`, { method: 'POST', body, schema: SuccessAnswer });
}

export function useSaveDraft() {
  return useMutation({ mutationFn: saveDraft });
}
