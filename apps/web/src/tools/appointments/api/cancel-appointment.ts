import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CancelAppointmentAnswer } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';

/** POST /bureau/worker/staff/appointments/:id/cancel {reason} (bureau-staff). */
export function cancelAppointment(id: number, reason: string): Promise<CancelAppointmentAnswer> {
  return apiRequest(`/bureau/worker/staff/appointments/${id}/cancel`, {
    method: 'POST',
    body: { reason },
    schema: CancelAppointmentAnswer,
  });
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => cancelAppointment(id, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['appointments', 'staff'] }),
  });
}
