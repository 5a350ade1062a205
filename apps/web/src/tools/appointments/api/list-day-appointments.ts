import { useQuery } from '@tanstack/react-query';
import { StaffDayAnswer } from '@guildhall/contracts/appointments';
import { apiRequest } from '../../../lib/api-client';

/** GET /bureau/worker/staff/appointments?date=YYYY-MM-DD (bureau-staff). */
export function listDayAppointments(date: string, signal?: AbortSignal): Promise<StaffDayAnswer> {
  return apiRequest('/bureau/worker/staff/appointments', { query: { date }, schema: StaffDayAnswer, signal });
}

export const dayAppointmentsKey = (date: string) => ['appointments', 'staff', 'day', date] as const;

export function useDayAppointments(date: string) {
  return useQuery({ queryKey: dayAppointmentsKey(date), queryFn: ({ signal }) => listDayAppointments(date, signal), retry: false });
}
