import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedAnswer } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** Beyond 000: POST /api/applications/{id}/notes {body}, a private staff note. */
export function addNote(id: number, body: string) {
  return apiRequest(`${API}/applications/${id}/notes`, { method: 'POST', body: { body }, schema: CreatedAnswer });
}

export function useAddNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => addNote(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: recruitmentKeys.applications }),
  });
}
