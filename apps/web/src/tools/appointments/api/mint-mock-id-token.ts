import { MockIdTokenAnswer, type RegisterUserRequest } from '@guildhall/contracts/appointments';
import { workerPost } from './worker-post';

/** POST /bureau/worker/mock/id-token: development with the LIFF mock only (the server has no such route otherwise). */
export async function mintMockIdToken(profile: RegisterUserRequest): Promise<string> {
  return (await workerPost('/bureau/worker/mock/id-token', profile, null, MockIdTokenAnswer)).idToken;
}
