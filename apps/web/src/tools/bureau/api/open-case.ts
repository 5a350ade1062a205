import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CaseAnswer, type CreateCaseRequest } from '@guildhall/contracts/bureau';
import { apiRequest } from '@/lib/api-client';
import { refreshCaseViews } from './refresh-case-views';

/** POST /bureau/api/cases (staff): opens a case; the staff member is its moderator unless named (issue 14 item 2). */
export function openCase(input: CreateCaseRequest): Promise<CaseAnswer> {
  return apiRequest('/bureau/api/cases', { method: 'POST', body: input, schema: CaseAnswer });
}

export function useOpenCase() {
  const client = useQueryClient();
  return useMutation({ mutationFn: openCase, onSuccess: () => refreshCaseViews(client) });
}
