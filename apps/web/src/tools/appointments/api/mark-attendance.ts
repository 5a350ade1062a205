import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CancelAppointmentAnswer, type Attendance } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';

/** POST /bureau/worker/staff/appointments/:id/attendance {attendance} (bureau-staff, issue 15 item 5). */
export function markAttendance(id: number, attendance: Attendance | null): Promise<CancelAppointmentAnswer> {
  return apiRequest(`/bureau/worker/staff/appointments/${id}/attendance`, {
    method: 'POST',
    body: { attendance },
    schema: CancelAppointmentAnswer,
  });
}

export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, attendance }: { id: number; attendance: Attendance | null }) => markAttendance(id, attendance),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['appointments', 'staff'] }),
  });
}
