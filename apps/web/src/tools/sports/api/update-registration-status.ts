import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateRegistrationStatusAnswer, type UpdateRegistrationStatusRequest } from '@guildhall/contracts/sports';
import { sportsFetch } from './sports-fetch';

/** 002 §7 POST /api/admin/update-registration-status {registration_id, status} (bearer). */
export const updateRegistrationStatus = (input: UpdateRegistrationStatusRequest) =>
  sportsFetch('/admin/update-registration-status', { method: 'POST', body: input, schema: UpdateRegistrationStatusAnswer });

export function useUpdateRegistrationStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateRegistrationStatus, onSettled: () => client.invalidateQueries({ queryKey: ['sports'] }) });
}
