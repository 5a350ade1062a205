import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AmendCaseRequest, CaseAnswer } from '@guildhall/contracts/bureau';
import { apiRequest } from '@/lib/api-client';
import { refreshCaseViews } from './refresh-case-views';

/** PATCH /bureau/api/cases/{number} (staff): type, moderator, reason, expiry, hidden (issue 14 item 2). */
export function amendCase(number: number, changes: AmendCaseRequest): Promise<CaseAnswer> {
  return apiRequest(`/bureau/api/cases/${number}`, { method: 'PATCH', body: changes, schema: CaseAnswer });
}

export function useAmendCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ number, changes }: { number: number; changes: AmendCaseRequest }) => amendCase(number, changes),
    onSuccess: () => refreshCaseViews(client),
  });
}
