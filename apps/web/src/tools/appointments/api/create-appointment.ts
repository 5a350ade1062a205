import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateAppointmentAnswer, type CreateAppointmentRequest } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';
import { workerFailureMessage } from '../lib/appointment-flow';

/** POST /bureau/worker/create-appointment {userId, datetime, topic, reschedule_id} (001 §7). */
export function createAppointment(body: CreateAppointmentRequest, idToken: string | null): Promise<CreateAppointmentAnswer> {
  return apiRequest('/bureau/worker/create-appointment', {
    method: 'POST',
    body,
    bearer: idToken,
    schema: CreateAppointmentAnswer,
    describeFailure: workerFailureMessage,
  });
}

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idToken }: { body: CreateAppointmentRequest; idToken: string | null }) => createAppointment(body, idToken),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['appointments', 'staff'] }),
  });
}
