import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RegistrationChangeAnswer } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** 002 §7 POST /api/register-sport {sport_id} (bearer). */
export const registerSport = (sportId: number) =>
  apiRequest(`${SPORTS_API}/register-sport`, {
    method: 'POST',
    body: { sport_id: sportId },
    schema: RegistrationChangeAnswer,
    ...sportsCall(),
  });

export function useRegisterSport() {
  const client = useQueryClient();
  return useMutation({ mutationFn: registerSport, onSettled: () => client.invalidateQueries({ queryKey: ['sports'] }) });
}
