import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RegistrationChangeAnswer } from '@guildhall/contracts/sports';
import { apiRequest } from '@/lib/api-client';
import { SPORTS_API, sportsCall } from './sports-call';

/** 002 §7 POST /api/registration/withdraw (bearer, no payload). */
export const withdrawRegistration = () =>
  apiRequest(`${SPORTS_API}/registration/withdraw`, { method: 'POST', schema: RegistrationChangeAnswer, ...sportsCall() });

export function useWithdrawRegistration() {
  const client = useQueryClient();
  return useMutation({ mutationFn: withdrawRegistration, onSettled: () => client.invalidateQueries({ queryKey: ['sports'] }) });
}
