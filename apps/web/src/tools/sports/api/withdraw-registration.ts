import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RegistrationChangeAnswer } from '@guildhall/contracts/sports';
import { sportsFetch } from './sports-fetch';

/** 002 §7 POST /api/registration/withdraw (bearer, no payload). */
export const withdrawRegistration = () => sportsFetch('/registration/withdraw', { method: 'POST', schema: RegistrationChangeAnswer });

export function useWithdrawRegistration() {
  const client = useQueryClient();
  return useMutation({ mutationFn: withdrawRegistration, onSettled: () => client.invalidateQueries({ queryKey: ['sports'] }) });
}
