import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { StaffRangeAnswer } from '@guildhall/contracts/appointments';
import { apiRequest } from '@/lib/api-client';

/** GET /bureau/worker/staff/calendar?from&to (bureau-staff, issue 15 item 5): day and week views. */
export function listRangeAppointments(from: string, to: string, signal?: AbortSignal): Promise<StaffRangeAnswer> {
  return apiRequest('/bureau/worker/staff/calendar', { query: { from, to }, schema: StaffRangeAnswer, signal });
}

export function useRangeAppointments(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: ['appointments', 'staff', 'range', range?.from ?? null, range?.to ?? null],
    queryFn: ({ signal }) => listRangeAppointments(range!.from, range!.to, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
