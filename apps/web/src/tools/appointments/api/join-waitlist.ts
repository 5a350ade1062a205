import { useMutation } from '@tanstack/react-query';
import { type JoinWaitlistRequest, WaitlistAnswer } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';
import { workerFailureMessage } from '../lib/appointment-flow';

/** POST /bureau/worker/waitlist {userId, date} with the LIFF ID token (issue 15 item 6). */
export function joinWaitlist(body: JoinWaitlistRequest, idToken: string | null): Promise<WaitlistAnswer> {
  return apiRequest('/bureau/worker/waitlist', {
    method: 'POST',
    body,
    bearer: idToken,
    schema: WaitlistAnswer,
    describeFailure: workerFailureMessage,
  });
}

export function useJoinWaitlist() {
  return useMutation({
    mutationFn: ({ body, idToken }: { body: JoinWaitlistRequest; idToken: string | null }) => joinWaitlist(body, idToken),
  });
}
