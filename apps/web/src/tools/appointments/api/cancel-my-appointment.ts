import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CancelMyAppointmentAnswer, type CancelMyAppointmentRequest } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';
import { workerFailureMessage } from '../lib/appointment-flow';

/** POST /bureau/worker/cancel-appointment {userId, id} with the LIFF ID token (issue 15 item 2). */
export function cancelMyAppointment(body: CancelMyAppointmentRequest, idToken: string | null): Promise<CancelMyAppointmentAnswer> {
  return apiRequest('/bureau/worker/cancel-appointment', {
    method: 'POST',
    body,
    bearer: idToken,
    schema: CancelMyAppointmentAnswer,
    describeFailure: workerFailureMessage,
  });
}

export function useCancelMyAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idToken }: { body: CancelMyAppointmentRequest; idToken: string | null }) => cancelMyAppointment(body, idToken),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['appointments', 'mine'] }),
        queryClient.invalidateQueries({ queryKey: ['appointments', 'availability'] }),
      ]),
  });
}
