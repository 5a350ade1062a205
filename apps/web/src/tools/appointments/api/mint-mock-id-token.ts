import { MockIdTokenAnswer, type RegisterUserRequest } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';
import { workerFailureMessage } from '../lib/appointment-flow';

/** POST /bureau/worker/mock/id-token: development with the LIFF mock only (the server has no such route otherwise). */
export async function mintMockIdToken(profile: RegisterUserRequest): Promise<string> {
  const answer = await apiRequest('/bureau/worker/mock/id-token', {
    method: 'POST',
    body: profile,
    schema: MockIdTokenAnswer,
    describeFailure: workerFailureMessage,
  });
  return answer.idToken;
}
