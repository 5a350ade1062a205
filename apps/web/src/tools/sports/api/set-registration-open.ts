import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RegistrationSettingsAnswer } from '@guildhall/contracts/sports';
import { sportsFetch } from './sports-fetch';

/** Admins open or close registration (isRegistrationOpen). */
export const setRegistrationOpen = (isRegistrationOpen: boolean) =>
  sportsFetch('/admin/settings/registration-status', { method: 'POST', body: { isRegistrationOpen }, schema: RegistrationSettingsAnswer });

export function useSetRegistrationOpen() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setRegistrationOpen, onSettled: () => client.invalidateQueries({ queryKey: ['sports'] }) });
}
