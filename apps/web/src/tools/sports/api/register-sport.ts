import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RegistrationChangeAnswer } from '@guildhall/contracts/sports';
import { sportsFetch } from './sports-fetch';

/** 002 §7 POST /api/register-sport {sport_id} (bearer). */
export const registerSport = (sportId: number) => sportsFetch('/register-sport', { method: 'POST', body: { sport_id: sportId }, schema: RegistrationChangeAnswer });

export function useRegisterSport() {
  const client = useQueryClient();
  return useMutation({ mutationFn: registerSport, onSettled: () => client.invalidateQueries({ queryKey: ['sports'] }) });
}
