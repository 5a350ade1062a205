import { useQuery } from '@tanstack/react-query';
import { DraftAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Which form a draft is of: a new application's (issue 13 item 2) or the open one's edit (decision 0028). */
export type DraftKind = 'new' | 'edit';
export const DRAFT_PATH: Record<DraftKind, string> = { new: `${API}/application/draft`, edit: `${API}/application/edit-draft` };

/** GET /api/application/draft or /api/application/edit-draft: the form as the applicant left it, or null. */
export function getDraft(kind: DraftKind, signal?: AbortSignal) {
  return apiRequest(DRAFT_PATH[kind], { schema: DraftAnswer, signal });
}

/** Read each time the form opens (gcTime 0): an edit saved or cancelled since has changed it. */
export function useDraft(kind: DraftKind) {
  return useQuery({
    queryKey: [...recruitmentKeys.all, 'draft', kind],
    queryFn: ({ signal }) => getDraft(kind, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
}
