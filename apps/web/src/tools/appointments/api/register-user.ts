import { useMutation } from '@tanstack/react-query';
import { RegisterUserAnswer, type RegisterUserRequest } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';
import { workerFailureMessage } from '../lib/appointment-flow';

/** POST /bureau/worker/register-user {userId, displayName} (001 §7), sent on load after the profile is read. */
export function registerUser(body: RegisterUserRequest, idToken: string | null): Promise<RegisterUserAnswer> {
  return apiRequest('/bureau/worker/register-user', {
    method: 'POST',
    body,
    bearer: idToken,
    schema: RegisterUserAnswer,
    describeFailure: workerFailureMessage,
  });
}

export function useRegisterUser() {
  return useMutation({
    mutationFn: ({ body, idToken }: { body: RegisterUserRequest; idToken: string | null }) => registerUser(body, idToken),
    // 001 §8: registration errors are only logged.
    onError: (error) => console.error('register-user failed', error),
  });
}
