import { useQuery } from '@tanstack/react-query';
import { StaffDayAnswer } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';

/** GET /bureau/worker/staff/appointments?date=YYYY-MM-DD (bureau-staff). */
export function listDayAppointments(date: string, signal?: AbortSignal): Promise<StaffDayAnswer> {
  return apiRequest('/bureau/worker/staff/appointments', { query: { date }, schema: StaffDayAnswer, signal });
}

export const dayAppointmentsKey = (date: string | null) => ['appointments', 'staff', 'day', date] as const;

/** Waits while `date` is null (the booking time zone, which says what "today" is, is not known yet). */
export function useDayAppointments(date: string | null) {
  return useQuery({
    queryKey: dayAppointmentsKey(date),
    queryFn: ({ signal }) => listDayAppointments(date!, signal),
    enabled: date !== null,
    retry: false,
  });
}
