import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CancelAppointmentAnswer } from '@guildhall/contracts/appointments';
import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * POST /bureau/worker/staff/appointments/:id/cancel {reason, expectedStart} (bureau-staff).
 * `expectedStart` is the start the staff member saw: a booking moved since is refused 409 rather
 * than cancelled at its new time (decision 0053).
 */
export function cancelAppointment(id: number, reason: string, expectedStart?: string): Promise<CancelAppointmentAnswer> {
  return apiRequest(`/bureau/worker/staff/appointments/${id}/cancel`, {
    method: 'POST',
    body: { reason, ...(expectedStart === undefined ? {} : { expectedStart }) },
    schema: CancelAppointmentAnswer,
  });
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['appointments', 'staff'] });
  return useMutation({
    mutationFn: ({ id, reason, expectedStart }: { id: number; reason: string; expectedStart?: string }) =>
      cancelAppointment(id, reason, expectedStart),
    onSuccess: refresh,
    // Decision 0053: refused because the booking moved: the calendar is read again, so the dialog
    // (which reads the current booking) shows where it is now.
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refresh() : undefined),
  });
}
