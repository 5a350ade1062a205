import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateRegistrationStatusAnswer, type UpdateRegistrationStatusRequest } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** 002 §7 POST /api/admin/update-registration-status {registration_id, status} (bearer). */
export const updateRegistrationStatus = (input: UpdateRegistrationStatusRequest) =>
  apiRequest(`${SPORTS_API}/admin/update-registration-status`, {
    method: 'POST',
    body: input,
    schema: UpdateRegistrationStatusAnswer,
    ...sportsCall(),
  });

export function useUpdateRegistrationStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateRegistrationStatus, onSettled: () => client.invalidateQueries({ queryKey: ['sports'] }) });
}
