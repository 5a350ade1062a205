import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CaseAnswer } from '@guildhall/contracts/bureau';
import { apiRequest } from '@/lib/api-client';
import { refreshCaseViews } from './refresh-case-views';

/** POST /bureau/api/cases/{number}/notes {body} (staff): a note added later (issue 14 item 2). */
export function addCaseNote(number: number, body: string): Promise<CaseAnswer> {
  return apiRequest(`/bureau/api/cases/${number}/notes`, { method: 'POST', body: { body }, schema: CaseAnswer });
}

export function useAddCaseNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ number, body }: { number: number; body: string }) => addCaseNote(number, body),
    onSuccess: () => refreshCaseViews(client),
  });
}
