import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RegistrationSettingsAnswer } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** Admins open or close registration (isRegistrationOpen). */
export const setRegistrationOpen = (isRegistrationOpen: boolean) =>
  apiRequest(`${SPORTS_API}/admin/settings/registration-status`, {
    method: 'POST',
    body: { isRegistrationOpen },
    schema: RegistrationSettingsAnswer,
    ...sportsCall(),
  });

export function useSetRegistrationOpen() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setRegistrationOpen, onSettled: () => client.invalidateQueries({ queryKey: ['sports'] }) });
}
