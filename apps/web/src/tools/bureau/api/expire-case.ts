import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CaseAnswer } from '@guildhall/contracts/bureau';
import { apiRequest } from '@/lib/api-client';
import { refreshCaseViews } from './refresh-case-views';

/** POST /bureau/api/cases/{number}/expire (staff): ends the case now; a Roblox ban lifts (issue 14 item 2). */
export function expireCase(number: number): Promise<CaseAnswer> {
  return apiRequest(`/bureau/api/cases/${number}/expire`, { method: 'POST', schema: CaseAnswer });
}

export function useExpireCase() {
  const client = useQueryClient();
  return useMutation({ mutationFn: expireCase, onSuccess: () => refreshCaseViews(client) });
}
