import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BulkUpdateRegistrationStatusAnswer, type BulkUpdateRegistrationStatusRequest } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** Issue 16 item 3: POST /sports/api/admin/update-registration-statuses, several rows of one sport at once. */
export const updateRegistrationStatuses = (input: BulkUpdateRegistrationStatusRequest) =>
  apiRequest(`${SPORTS_API}/admin/update-registration-statuses`, {
    method: 'POST',
    body: input,
    schema: BulkUpdateRegistrationStatusAnswer,
    ...sportsCall(),
  });

export function useUpdateRegistrationStatuses() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateRegistrationStatuses, onSettled: () => client.invalidateQueries({ queryKey: ['sports'] }) });
}
