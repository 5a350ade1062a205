import { useMutation } from '@tanstack/react-query';
import { type SaveDraftRequest, SuccessAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { DRAFT_PATH, type DraftKind } from './get-draft';

/** POST /api/application/draft or /api/application/edit-draft {jobSelection, answers}, saved as the applicant types. */
export function saveDraft(kind: DraftKind, body: SaveDraftRequest) {
  return apiRequest(DRAFT_PATH[kind], { method: 'POST', body, schema: SuccessAnswer });
}

export function useSaveDraft(kind: DraftKind) {
  return useMutation({ mutationFn: (body: SaveDraftRequest) => saveDraft(kind, body) });
}
