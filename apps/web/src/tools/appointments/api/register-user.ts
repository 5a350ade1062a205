import { useMutation } from '@tanstack/react-query';
import { RegisterUserAnswer, type RegisterUserRequest } from '@guildhall/contracts/appointments';
import { workerPost } from './worker-post';

/** POST /bureau/worker/register-user {userId, displayName} (001 §7), sent on load after the profile is read. */
export function registerUser(body: RegisterUserRequest, idToken: string | null): Promise<RegisterUserAnswer> {
  return workerPost('/bureau/worker/register-user', body, idToken, RegisterUserAnswer);
}

export function useRegisterUser() {
  return useMutation({
    mutationFn: ({ body, idToken }: { body: RegisterUserRequest; idToken: string | null }) => registerUser(body, idToken),
    // 001 §8: registration errors are only logged.
    onError: (error) => console.error('register-user failed', error),
  });
}
