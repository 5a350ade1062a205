import { useQuery } from '@tanstack/react-query';
import { MyAppointmentsAnswer } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';
import { workerFailureMessage } from '../lib/appointment-flow';

/** GET /bureau/worker/my-appointments?userId= with the LIFF ID token (issue 15 item 2). */
export function listMyAppointments(userId: string, idToken: string | null, signal?: AbortSignal): Promise<MyAppointmentsAnswer> {
  return apiRequest('/bureau/worker/my-appointments', {
    query: { userId },
    bearer: idToken,
    schema: MyAppointmentsAnswer,
    signal,
    describeFailure: workerFailureMessage,
  });
}

export const myAppointmentsKey = ['appointments', 'mine'] as const;

export function useMyAppointments(session: { userId: string; idToken: string | null } | null) {
  return useQuery({
    queryKey: [...myAppointmentsKey, session?.userId ?? null],
    queryFn: ({ signal }) => listMyAppointments(session!.userId, session!.idToken, signal),
    enabled: session !== null,
  });
}
