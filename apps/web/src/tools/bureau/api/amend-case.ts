import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AmendCaseRequest, CaseAnswer } from '@guildhall/contracts/bureau';
import { ApiError, apiRequest } from '@/lib/api-client';
import { refreshCaseViews } from './refresh-case-views';

/**
 * PATCH /bureau/api/cases/{number} (staff): type, moderator, reason, expiry, hidden (issue 14 item 2).
 * `changes.expected`: the case as the form opened it; the server answers 409 if it has changed since.
 */
export function amendCase(number: number, changes: AmendCaseRequest): Promise<CaseAnswer> {
  return apiRequest(`/bureau/api/cases/${number}`, { method: 'PATCH', body: changes, schema: CaseAnswer });
}

export function useAmendCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ number, changes }: { number: number; changes: AmendCaseRequest }) => amendCase(number, changes),
    onSuccess: () => refreshCaseViews(client),
    // 409: a colleague changed the case since the form opened (issue 14 item 2, lost update). The page
    // is not live (no focus refetch), so it reads the case views again to show their change.
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 409) void refreshCaseViews(client);
    },
  });
}
